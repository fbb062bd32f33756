from django.urls import path

from . import views

app_name = "simulations"
urlpatterns = [
    path("", views.simulation_list, name="list"),
    path("<int:pk>/", views.simulation_detail, name="detail"),
    path("ab/", views.simulation_ab, name="ab"),
    path("ab/<int:pk>/", views.simulation_ab_detail, name="ab-detail"),
    path("<int:pk>/cancel/", views.simulation_cancel, name="cancel"),
]
