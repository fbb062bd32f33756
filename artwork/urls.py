"""The artwork pages of a card, under /cards/<stableCardId>/artwork/."""

from django.urls import re_path

from cards.interchange import STABLE_ID_RE

from . import views

CARD = rf"^(?P<stable_id>{STABLE_ID_RE.pattern.strip('^$')})/artwork"

app_name = "artwork"
urlpatterns = [
    re_path(rf"{CARD}/$", views.gallery_part, name="gallery"),
    re_path(rf"{CARD}/upload/$", views.upload, name="upload"),
    re_path(rf"{CARD}/(?P<pk>[0-9]+)/primary/$", views.make_primary, name="primary"),
    re_path(rf"{CARD}/(?P<pk>[0-9]+)/delete/$", views.delete, name="delete"),
]
