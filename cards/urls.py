"""The card pages, under /cards/."""

from django.urls import path

from . import set_views, translation_views, views
from .converters import StableIdConverter  # noqa: F401 (registers the stable_id converter)

app_name = "cards"
urlpatterns = [
    path("", views.browse, name="browse"),
    path("help/", views.help_page, name="help"),
    path("new/", views.card_new, name="new"),
    path("validate/", views.card_validate, name="validate"),
    path("sets/", set_views.card_sets, name="sets"),
    path("sets/import/", set_views.card_sets_import, name="sets-import"),
    path("sets/jobs/<int:pk>/", set_views.card_sets_job, name="sets-job"),
    path("sets/jobs/<int:pk>/retry/", set_views.card_sets_job_retry, name="sets-job-retry"),
    path("translations/", translation_views.translation_review, name="translation-review"),
    path("<stable_id:stable_id>/", views.card_detail, name="detail"),
    path("<stable_id:stable_id>/status/", views.card_status, name="status"),
    path("<stable_id:stable_id>/since/<int:version>/", views.card_version_diff, name="since"),
    path(
        "<stable_id:stable_id>/translations/<str:language>/",
        translation_views.translation_edit,
        name="translation",
    ),
    path(
        "<stable_id:stable_id>/translations/<str:language>/status/",
        translation_views.translation_status,
        name="translation-status",
    ),
]
