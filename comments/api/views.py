"""The comment and notification routes (FORMATS.md v1.3, "Comments and notifications"): thin views."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.selectors import card_get
from common.errors import InvalidInput
from decks.selectors import deck_get
from faces.selectors import face_regions
from rules.problems import invalid, problem
from tables.api.views import TablesView
from tables.selectors import table_get_for

from .. import selectors, services
from ..models import Comment
from .serializers import (
    CommentCreateDoc,
    CommentDoc,
    CommentEditDoc,
    FaceRegionsDoc,
    MentionChoicesDoc,
    NotificationDoc,
    NotificationsReadDoc,
    ReadCountDoc,
    TableCommentCreateDoc,
)

CARD_ID = OpenApiParameter("stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH)
ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)
API_KEYS = ("html", "mine")


def _api(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in API_KEYS}


def _listed(comments, *, card=None, user=None) -> list[dict]:
    known = selectors.known_usernames(comments)
    return [_api(selectors.comment_view(c, card=card, known=known, user=user)) for c in comments]


def _deck(user, pk):
    try:
        return deck_get(user=user, pk=int(pk))
    except (ValueError, OverflowError):
        raise Http404("no deck you may see has this id") from None


def readable_comment(user, pk) -> Comment:
    """The comment, when ``user`` may read its card or its deck: else 404 (nothing said of it)."""
    try:
        comment = Comment.objects.select_related("card", "deck", "table", "parent", "author").get(pk=int(pk))
    except (Comment.DoesNotExist, ValueError, OverflowError):
        raise Http404("no comment you may see has this id") from None
    if not selectors.may_read_comment(user, comment):
        raise Http404("no comment you may see has this id")
    return comment


class _Comments(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def target(self, request, key) -> dict:
        raise NotImplementedError

    def get(self, request, **kwargs):
        target = self.target(request, **kwargs)
        if target.get("table"):
            threads = selectors.table_threads_for(user=request.user, table=target["table"])[0]
        elif target.get("card"):
            threads = selectors.card_threads(card=target["card"])
        else:
            threads = selectors.deck_threads(deck=target["deck"])
        return Response(_listed(selectors.comments_flat(threads), card=target.get("card"), user=request.user))

    def post(self, request, **kwargs):
        target = self.target(request, **kwargs)
        comment = services.comment_create(user=request.user, data=request.data, **target)
        return Response(
            _listed([comment], card=target.get("card"), user=request.user)[0], status=status.HTTP_201_CREATED
        )


class CardComments(_Comments):
    """A card's comments, threads and replies in order (a reply names its thread in ``parent``)."""

    def target(self, request, stableCardId: str) -> dict:
        return {"card": card_get(user=request.user, stable_id=stableCardId)}

    @extend_schema(summary="A card's comments", parameters=[CARD_ID], responses=CommentDoc(many=True))
    def get(self, request, stableCardId: str):
        return super().get(request, stableCardId=stableCardId)

    @extend_schema(
        summary="Comment on a card (a field, a translation's field), or reply to a thread",
        parameters=[CARD_ID],
        request=CommentCreateDoc,
        responses={201: CommentDoc},
    )
    def post(self, request, stableCardId: str):
        return super().post(request, stableCardId=stableCardId)


class DeckComments(_Comments):
    def target(self, request, id) -> dict:
        return {"deck": _deck(request.user, id)}

    @extend_schema(summary="A deck's comments", parameters=[ID], responses=CommentDoc(many=True))
    def get(self, request, id: int):
        return super().get(request, id=id)

    @extend_schema(
        summary="Comment on a deck, or reply to a thread",
        parameters=[ID],
        request=CommentCreateDoc,
        responses={201: CommentDoc},
    )
    def post(self, request, id: int):
        return super().post(request, id=id)


class TableComments(_Comments, TablesView):
    """A finished table's comments, each on an event of its log, those the caller may read: who sees
    the event at least as its author saw it (never a card hidden from the reader). A refusal says its
    ``code`` at the top, as the tables' routes do (TABLE_NOT_FINISHED)."""

    def target(self, request, id) -> dict:
        return {"table": table_get_for(request.user, id)}

    @extend_schema(summary="A table's comments", parameters=[ID], responses=CommentDoc(many=True))
    def get(self, request, id: int):
        return super().get(request, id=id)

    @extend_schema(
        summary="Comment on an event of a finished table's log, or reply to a thread",
        parameters=[ID],
        request=TableCommentCreateDoc,
        responses={201: CommentDoc},
    )
    def post(self, request, id: int):
        return super().post(request, id=id)


class TableMentions(APIView):
    """Completion of ``@name`` at a table: the users who may see it, never anyone else."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Who may be mentioned at a table (completion)",
        parameters=[ID, OpenApiParameter("q", OpenApiTypes.STR, description="The name's beginning.")],
        responses=MentionChoicesDoc,
    )
    def get(self, request, id: int):
        table = table_get_for(request.user, id)
        prefix = request.query_params.get("q", "")[:150]
        return Response({"usernames": selectors.table_mention_choices(table=table, prefix=prefix)})


class CardFaceRegions(APIView):
    """The regions of a card's face a comment may be anchored on (``region`` of a new thread)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(summary="The regions of a card's face", parameters=[CARD_ID], responses=FaceRegionsDoc)
    def get(self, request, stableCardId: str):
        card = card_get(user=request.user, stable_id=stableCardId)
        found = face_regions(card)
        return Response({"stableCardId": card.stable_id, **found})


class CommentDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Edit a comment (its author)", parameters=[ID], request=CommentEditDoc, responses=CommentDoc
    )
    def patch(self, request, id: int):
        comment = readable_comment(request.user, id)
        body = request.data.get("body") if isinstance(request.data, dict) else None
        if not isinstance(request.data, dict):
            raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
        services.comment_edit(comment=comment, user=request.user, body=body)
        return Response(_listed([comment], card=comment.card, user=request.user)[0])

    @extend_schema(summary="Delete a comment (its author)", parameters=[ID], responses={204: None})
    def delete(self, request, id: int):
        comment = readable_comment(request.user, id)
        services.comment_delete(comment=comment, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CommentResolve(APIView):
    permission_classes = [permissions.IsAuthenticated]
    resolved = True

    @extend_schema(summary="Resolve a thread", parameters=[ID], request=None, responses=CommentDoc)
    def post(self, request, id: int):
        comment = readable_comment(request.user, id)
        thread = services.thread_resolve(comment=comment, user=request.user, resolved=self.resolved)
        return Response(_listed([thread], card=thread.card, user=request.user)[0])


class CommentReopen(CommentResolve):
    resolved = False

    @extend_schema(summary="Reopen a resolved thread", parameters=[ID], request=None, responses=CommentDoc)
    def post(self, request, id: int):
        return super().post(request, id)


class CardMentions(APIView):
    """Completion of ``@name``: the users who may read the card, never anyone else."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Who may be mentioned on a card (completion)",
        parameters=[CARD_ID, OpenApiParameter("q", OpenApiTypes.STR, description="The name's beginning.")],
        responses=MentionChoicesDoc,
    )
    def get(self, request, stableCardId: str):
        card = card_get(user=request.user, stable_id=stableCardId)
        prefix = request.query_params.get("q", "")[:150]
        return Response({"usernames": selectors.mention_choices(card=card, prefix=prefix)})


class Notifications(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="The caller's notifications, newest first",
        parameters=[OpenApiParameter("unread", OpenApiTypes.STR, description="1: the unread ones only.")],
        responses=NotificationDoc(many=True),
    )
    def get(self, request):
        unread = request.query_params.get("unread", "") in ("1", "true")
        rows = selectors.notification_list(user=request.user, unread=unread)[:200]
        return Response([selectors.notification_view(n) for n in rows])


class NotificationsRead(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary='Mark notifications read: {"ids": [...]} or {"all": true}',
        request=NotificationsReadDoc,
        responses=ReadCountDoc,
    )
    def post(self, request):
        if not isinstance(request.data, dict):
            raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
        everything = request.data.get("all") is True
        marked = services.notifications_read(
            user=request.user, ids=request.data.get("ids"), everything=everything
        )
        return Response({"marked": marked, "unread": selectors.unread_count(user=request.user)})
