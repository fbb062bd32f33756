from django.urls import path

from common.api import Router

from .views import (
    AuditViewSet,
    BulkTransition,
    CardRevert,
    CardReviewDiff,
    DistinctIdentityViewSet,
    ImportConflictViewSet,
    ProposalViewSet,
    ReviewClosure,
    ReviewQueue,
)

router = Router(trailing_slash=True)
router.register("audits", AuditViewSet, basename="audit")
router.register("proposals", ProposalViewSet, basename="proposal")
router.register("import-conflicts", ImportConflictViewSet, basename="import-conflict")
router.register("reviews/distinct-identities", DistinctIdentityViewSet, basename="distinct-identity")

urlpatterns = [
    path("reviews/queue/", ReviewQueue.as_view(), name="review-queue"),
    path("reviews/transition/", BulkTransition.as_view(), name="review-transition"),
    path("reviews/closure/", ReviewClosure.as_view(), name="review-closure"),
    path("reviews/diff/<str:stableCardId>/", CardReviewDiff.as_view(), name="review-diff"),
    path("cards/<str:stableCardId>/revert/", CardRevert.as_view(), name="card-revert"),
    *router.urls,
]
