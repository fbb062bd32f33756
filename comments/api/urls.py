from django.urls import path

from . import views

urlpatterns = [
    path("cards/<str:stableCardId>/comments/", views.CardComments.as_view(), name="card-comments"),
    path("cards/<str:stableCardId>/mentions/", views.CardMentions.as_view(), name="card-mentions"),
    path("cards/<str:stableCardId>/face-regions/", views.CardFaceRegions.as_view(), name="card-face-regions"),
    path("decks/<int:id>/comments/", views.DeckComments.as_view(), name="deck-comments"),
    path("tables/<int:id>/comments/", views.TableComments.as_view(), name="table-comments"),
    path("tables/<int:id>/mentions/", views.TableMentions.as_view(), name="table-mentions"),
    path("comments/<int:id>/", views.CommentDetail.as_view(), name="comment-detail"),
    path("comments/<int:id>/resolve/", views.CommentResolve.as_view(), name="comment-resolve"),
    path("comments/<int:id>/reopen/", views.CommentReopen.as_view(), name="comment-reopen"),
    path("notifications/", views.Notifications.as_view(), name="notifications"),
    path("notifications/read/", views.NotificationsRead.as_view(), name="notifications-read"),
]
