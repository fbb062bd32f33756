from django.urls import path

from common.api import Router

from .views import CardViewSet, GameEffectSchema, GameList

router = Router(trailing_slash=True)
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("games/", GameList.as_view(), name="game-list"),
    path("games/<str:game>/effect-schema/", GameEffectSchema.as_view(), name="game-effect-schema"),
    *router.urls,
]
