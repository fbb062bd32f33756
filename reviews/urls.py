"""The review pages: the review queue under /review/, the audits under /audits/."""

from django.urls import path

from . import views

app_name = "reviews"
urlpatterns = [
    path("review/", views.queue, name="queue"),
    path("review/transition/", views.transition, name="transition"),
    path("review/proposals/<int:pk>/<str:decision>/", views.proposal_decide, name="proposal"),
    path("review/conflicts/<int:pk>/resolve/", views.conflict_resolve, name="conflict"),
    path("audits/", views.audits, name="audits"),
    path("audits/start/", views.audit_start, name="audit-start"),
    path("audits/<int:pk>/progress/", views.audit_progress, name="audit-progress"),
    path("audits/images/", views.batch_start, name="batch-start"),
    path("audits/images/<int:pk>/progress/", views.batch_progress, name="batch-progress"),
]
