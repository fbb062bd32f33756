from django.urls import path

from common.api import Router

from .card_sets import CardSetExport, CardSetImport, CardSetImportJobDetail, CardSetImportJobRetry
from .translations import (
    TranslationDetail,
    TranslationList,
    TranslationQueue,
    TranslationRevisions,
    TranslationStatusMove,
)
from .views import CardViewSet, CodeList, GameEffectSchema, GameList

router = Router(trailing_slash=True)
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("games/", GameList.as_view(), name="game-list"),
    path("codes/", CodeList.as_view(), name="code-list"),
    path("card-sets/import/", CardSetImport.as_view(), name="card-set-import"),
    path("card-sets/export/", CardSetExport.as_view(), name="card-set-export"),
    path("card-sets/import-jobs/<int:pk>/", CardSetImportJobDetail.as_view(), name="card-set-import-job"),
    path(
        "card-sets/import-jobs/<int:pk>/retry/",
        CardSetImportJobRetry.as_view(),
        name="card-set-import-job-retry",
    ),
    path("games/<str:game>/effect-schema/", GameEffectSchema.as_view(), name="game-effect-schema"),
    path("translations/queue/", TranslationQueue.as_view(), name="translation-queue"),
    path("cards/<str:stableCardId>/translations/", TranslationList.as_view(), name="card-translations"),
    path(
        "cards/<str:stableCardId>/translations/<str:language>/",
        TranslationDetail.as_view(),
        name="card-translation",
    ),
    path(
        "cards/<str:stableCardId>/translations/<str:language>/status/",
        TranslationStatusMove.as_view(),
        name="card-translation-status",
    ),
    path(
        "cards/<str:stableCardId>/translations/<str:language>/revisions/",
        TranslationRevisions.as_view(),
        name="card-translation-revisions",
    ),
    *router.urls,
]
