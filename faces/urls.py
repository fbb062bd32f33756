"""The face pages, under /faces/."""

from django.urls import path

from cards.converters import StableIdConverter  # noqa: F401 (registers the stable_id converter)

from . import views

app_name = "faces"
urlpatterns = [
    path("", views.template_index, name="index"),
    path("preview/card/", views.card_preview, name="card-preview"),
    path("card/<stable_id:stable_id>/", views.card_face, name="card-face"),
    path(
        "preview/card/<stable_id:stable_id>/<str:language>/",
        views.translation_preview,
        name="translation-preview",
    ),
    path("card/<stable_id:stable_id>/v<int:version>.png", views.revision_face, name="revision-face"),
    path("decks/<int:pk>/", views.deck_faces, name="deck"),
    path("tts/<int:pk>/<slug:export>/<slug:sig>/<str:name>", views.tts_image, name="tts-image"),
    path("jobs/<int:pk>/", views.print_job, name="job"),
    path("jobs/<int:pk>/sheet.pdf", views.print_job_file, name="job-file"),
    path("<str:game>/template/", views.template_editor, name="template"),
    path("<str:game>/template/preview/", views.template_preview, name="template-preview"),
    path("<str:game>/template/restore/", views.template_restore, name="template-restore"),
    path("<str:game>/print/", views.print_page, name="print"),
    path("<str:game>/print/start/", views.print_start, name="print-start"),
]
