from django.urls import path
from rest_framework.routers import DefaultRouter

from .views import DeckFormatViewSet, DeckViewSet, MyCollection, MyCollectionImport, NamedCardListViewSet

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("decks", DeckViewSet, basename="deck")
router.register("formats", DeckFormatViewSet, basename="deck-format")
router.register("card-lists", NamedCardListViewSet, basename="card-list")

urlpatterns = [
    path("me/collection/", MyCollection.as_view(), name="my-collection"),
    path("me/collection/import/", MyCollectionImport.as_view(), name="my-collection-import"),
    *router.urls,
]
