from django.urls import path

from . import views

urlpatterns = [
    path("playstats/paper-games/", views.PaperGames.as_view(), name="playstats-paper-games"),
    path(
        "playstats/paper-games/proposals/", views.PaperProposals.as_view(), name="playstats-paper-proposals"
    ),
    path(
        "playstats/paper-games/<int:pk>/confirm/",
        views.PaperConfirm.as_view(),
        name="playstats-paper-confirm",
    ),
    path(
        "playstats/paper-games/<int:pk>/decline/",
        views.PaperDecline.as_view(),
        name="playstats-paper-decline",
    ),
    path("playstats/cards/<str:stable_id>/", views.CardFiguresView.as_view(), name="playstats-card"),
    path("playstats/decks/<int:pk>/", views.DeckRecord.as_view(), name="playstats-deck"),
    path("playstats/<str:game>/cards/", views.GameCards.as_view(), name="playstats-game-cards"),
    path("playstats/<str:game>/cards.csv", views.GameCardsCsv.as_view(), name="playstats-game-csv"),
    path("playstats/<str:game>/matchups/", views.GameMatchups.as_view(), name="playstats-game-matchups"),
]
