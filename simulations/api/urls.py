from django.urls import path

from .views import SimulationAB, SimulationCancel, SimulationDetail, SimulationList

urlpatterns = [
    path("simulations/", SimulationList.as_view(), name="simulation-list"),
    path("simulations/ab/", SimulationAB.as_view(), name="simulation-ab"),
    path("simulations/<int:pk>/", SimulationDetail.as_view(), name="simulation-detail"),
    path("simulations/<int:pk>/cancel/", SimulationCancel.as_view(), name="simulation-cancel"),
]
