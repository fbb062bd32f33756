from django.urls import path
from rest_framework.routers import DefaultRouter

from .views import CardViewSet, CodeList, GameEffectSchema, GameList

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("games/", GameList.as_view(), name="game-list"),
    path("codes/", CodeList.as_view(), name="code-list"),
    path("games/<str:game>/effect-schema/", GameEffectSchema.as_view(), name="game-effect-schema"),
    *router.urls,
]
