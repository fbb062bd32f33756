from django.urls import path

from common.api import Router

from .card_sets import CardSetExport, CardSetImport
from .views import CardViewSet, CodeList, GameEffectSchema, GameList

router = Router(trailing_slash=True)
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("games/", GameList.as_view(), name="game-list"),
    path("codes/", CodeList.as_view(), name="code-list"),
    path("card-sets/import/", CardSetImport.as_view(), name="card-set-import"),
    path("card-sets/export/", CardSetExport.as_view(), name="card-set-export"),
    path("games/<str:game>/effect-schema/", GameEffectSchema.as_view(), name="game-effect-schema"),
    *router.urls,
]
