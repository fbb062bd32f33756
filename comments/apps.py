from django.apps import AppConfig


class CommentsConfig(AppConfig):
    name = "comments"
    verbose_name = "Comments and notifications"

    def ready(self) -> None:
        # The card page's threads, the validation hold of an unanswered reviewer thread, and the
        # notifications of a card's status moves: cards declares the slots, this app fills them.
        from . import receivers, slots  # noqa: F401
