"""The tables' pages, under /tables/."""

from django.urls import path

from cards.converters import StableIdConverter  # noqa: F401 (registers the stable_id converter)

from . import views

app_name = "tables"
urlpatterns = [
    path("", views.table_list, name="list"),
    path("new/", views.table_new, name="create"),
    path("join/<str:token>/", views.table_invite, name="invite"),
    path("<int:pk>/", views.table_detail, name="detail"),
    path("<int:pk>/invitation/", views.table_invitation, name="invitation"),
    path("<int:pk>/sit/", views.table_sit, name="sit"),
    path("<int:pk>/bot/", views.table_bot, name="bot"),
    path("<int:pk>/faces/<stable_id:stable_id>/v<int:version>.png", views.table_face, name="face"),
]
