from django.urls import path

from common.api import Router

from .views import DeckFormatViewSet, DeckViewSet, MyCollection, MyCollectionImport, NamedCardListViewSet

router = Router(trailing_slash=True)
router.register("decks", DeckViewSet, basename="deck")
router.register("formats", DeckFormatViewSet, basename="deck-format")
router.register("card-lists", NamedCardListViewSet, basename="card-list")

urlpatterns = [
    path("me/collection/", MyCollection.as_view(), name="my-collection"),
    path("me/collection/import/", MyCollectionImport.as_view(), name="my-collection-import"),
    *router.urls,
]
