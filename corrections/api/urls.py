from django.urls import path

from .views import CardCorrections, CardEffective, CorrectionWithdraw

urlpatterns = [
    path("cards/<str:stableCardId>/corrections/", CardCorrections.as_view(), name="card-corrections"),
    path(
        "cards/<str:stableCardId>/corrections/<int:id>/withdraw/",
        CorrectionWithdraw.as_view(),
        name="card-correction-withdraw",
    ),
    path("cards/<str:stableCardId>/effective/", CardEffective.as_view(), name="card-effective"),
]
