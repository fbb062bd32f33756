from django.urls import path, re_path

from cards.interchange import STABLE_ID_RE
from common.api import Router

from .views import ArtworkCounts, CardArtworkViewSet, ImageBatchViewSet

CARD = rf"^cards/(?P<stableCardId>{STABLE_ID_RE.pattern.strip('^$')})/artwork"

router = Router(trailing_slash=True)
router.register("artwork/batches", ImageBatchViewSet, basename="image-batch")

urlpatterns = [
    re_path(
        rf"{CARD}/$", CardArtworkViewSet.as_view({"get": "list", "post": "create"}), name="card-artwork-list"
    ),
    re_path(
        rf"{CARD}/history/$", CardArtworkViewSet.as_view({"get": "history"}), name="card-artwork-history"
    ),
    re_path(
        rf"{CARD}/(?P<pk>[0-9]+)/$",
        CardArtworkViewSet.as_view({"get": "retrieve", "patch": "partial_update", "delete": "destroy"}),
        name="card-artwork-detail",
    ),
    path("artwork/counts/", ArtworkCounts.as_view(), name="artwork-counts"),
    *router.urls,
]
