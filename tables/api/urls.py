from django.urls import path

from .views import (
    TableBot,
    TableDetail,
    TableEvents,
    TableExport,
    TableIntents,
    TableInvitation,
    TableJoin,
    TableJoinByToken,
    TableList,
    TableRules,
)

urlpatterns = [
    path("tables/", TableList.as_view(), name="table-list"),
    path("tables/join/", TableJoinByToken.as_view(), name="table-join-by-token"),
    path("tables/rules/<str:game>/", TableRules.as_view(), name="table-rules"),
    path("tables/<int:pk>/", TableDetail.as_view(), name="table-detail"),
    path("tables/<int:pk>/bot/", TableBot.as_view(), name="table-bot"),
    path("tables/<int:pk>/intents/", TableIntents.as_view(), name="table-intents"),
    path("tables/<int:pk>/join/", TableJoin.as_view(), name="table-join"),
    path("tables/<int:pk>/invitation/", TableInvitation.as_view(), name="table-invitation"),
    path("tables/<int:pk>/events/", TableEvents.as_view(), name="table-events"),
    path("tables/<int:pk>/events/export/", TableExport.as_view(), name="table-events-export"),
]
