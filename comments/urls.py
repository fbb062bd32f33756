"""The comment forms (under a card's page) and the inbox."""

from django.urls import path

from cards.converters import StableIdConverter  # noqa: F401 (registers the stable_id converter)

from . import views

app_name = "comments"
urlpatterns = [
    path("cards/<stable_id:stable_id>/comments/", views.card_comment, name="card"),
    # A thread whole, the next of the threads (of a card, a deck, a finished table): comments.slots
    # builds their addresses from comments:card's (deck's, table's).
    path("cards/<stable_id:stable_id>/comments/<int:pk>/", views.card_thread, name="thread"),
    path("cards/<stable_id:stable_id>/comments/threads/", views.card_threads_more, name="threads"),
    path("cards/<stable_id:stable_id>/comments/mentions/", views.mention_choices, name="mentions"),
    path("cards/<stable_id:stable_id>/presence/", views.editor_presence, name="presence"),
    path("cards/<stable_id:stable_id>/lock/<str:action>/", views.card_lock, name="lock"),
    path("decks/<int:pk>/comments/", views.deck_comment, name="deck"),
    path("decks/<int:pk>/comments/<int:thread>/", views.deck_thread, name="deck-thread"),
    path("decks/<int:pk>/comments/threads/", views.deck_threads_more, name="deck-threads"),
    path("decks/<int:pk>/comments/mentions/", views.deck_mention_choices, name="deck-mentions"),
    path("tables/<int:pk>/comments/", views.table_comment, name="table"),
    path("tables/<int:pk>/comments/<int:thread>/", views.table_thread, name="table-thread"),
    path("tables/<int:pk>/comments/threads/", views.table_threads_more, name="table-threads"),
    path("tables/<int:pk>/comments/mentions/", views.table_mention_choices, name="table-mentions"),
    path("comments/<int:pk>/<str:action>/", views.comment_action, name="action"),
    path("notifications/", views.inbox, name="inbox"),
    path("notifications/count/", views.inbox_count, name="count"),
    path("activity/", views.activity, name="activity"),
    path("activity/watch/", views.watch, name="watch"),
]
