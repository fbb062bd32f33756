from django.urls import path

from . import views

app_name = "playstats"

urlpatterns = [
    path("", views.index, name="index"),
    path("paper/", views.paper_game, name="paper"),
    path("paper/proposals/", views.paper_proposals, name="proposals"),
    path("<str:game>/", views.game_page, name="game"),
]
