"""The deck pages, under /decks/."""

from django.urls import path

from . import draw_views, views

app_name = "decks"
urlpatterns = [
    path("", views.deck_list, name="list"),
    path("new/", views.deck_create, name="create"),
    path("import/", views.deck_import, name="import"),
    path("<int:pk>/", views.deck_detail, name="detail"),
    path("<int:pk>/cards/", views.deck_search, name="search"),
    path("<int:pk>/panel/", views.deck_panel, name="panel"),
    path("<int:pk>/add/", views.deck_add, name="add"),
    path("<int:pk>/entry/", views.deck_entry, name="entry"),
    path("<int:pk>/pick/", views.deck_pick, name="pick"),
    path("<int:pk>/printing/", views.deck_printing, name="printing"),
    path("<int:pk>/replace/", views.deck_replace, name="replace"),
    path("<int:pk>/move/", views.deck_move, name="move"),
    path("<int:pk>/settings/", views.deck_settings, name="settings"),
    path("<int:pk>/delete/", views.deck_delete, name="delete"),
    path("<int:pk>/export/", views.deck_export, name="export"),
    path("<int:pk>/stats/", views.deck_stats, name="stats"),
    path("<int:pk>/draws/", draw_views.deck_draws, name="draws"),
    path("<int:pk>/draws/odds/", draw_views.deck_odds, name="odds"),
]
