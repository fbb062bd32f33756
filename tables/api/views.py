"""The playtest table routes (FORMATS.md v1.2, "Playtest tables"): thin views over the services and selectors."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import Pagination
from common.errors import InvalidInput, StudioError
from common.numbers import ascii_whole
from decks.models import Deck
from rules import registry
from rules.findings import error
from rules.problems import invalid, problem

from .. import selectors, services
from ..models import Table
from .serializers import (
    InvitationDoc,
    TableCreatedDoc,
    TableCreateDoc,
    TableEventInDoc,
    TableJoinDoc,
    TablePlayedDoc,
)

TABLE_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)
# The keys of an event's body that are not its payload.
ENVELOPE = ("kind", "expectedSeq", "seat")


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
    return dict(request.data)


def _whole(value, name: str, *, low: int = 0, high: int | None = None, default=None):
    """A whole number of the body or the query (a query's comes as text)."""
    if value is None:
        return default
    if isinstance(value, str):  # ASCII digits only: int() reads "１２" and " +1_2" too
        value = ascii_whole(value.strip()) if value.strip() else None
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        why = (
            problem("COUNT_FROM_TO", minimum=low, maximum=high)
            if high is not None
            else problem("AT_LEAST", minimum=low)
        )
        raise InvalidInput([invalid(name, why)])
    return value


def _deck(body: dict, key: str, *, required: bool = True) -> Deck | None:
    value = body.get(key)
    if value is None and not required:
        return None
    pk = _whole(value if value is not None else -1, key)
    return Deck.objects.filter(pk=pk).first() if pk < 2**63 else None


class TablesPermission(permissions.IsAuthenticated):
    pass


class TablesView(APIView):
    """A route of the tables: a refusal's body (common.api) also says its finding's ``code`` at the
    top (the table's ``seq`` comes with a refusal that has one: a 409's catch-up)."""

    permission_classes = [TablesPermission]

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        finding = exc.finding if isinstance(exc, StudioError) else None
        if finding is not None and isinstance(response.data, dict):
            response.data["code"] = finding.code
        return response


class TableList(TablesView):
    @extend_schema(
        operation_id="tables_list",
        summary="Your tables (those you sit at or are invited to), newest first; ?public=1: those open to spectators",
        parameters=[OpenApiParameter("public", OpenApiTypes.BOOL)],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request):
        paginator = Pagination()
        # ?public=1 from a user who may not watch tables: their own tables, as without it.
        if request.query_params.get("public") in ("1", "true") and selectors.may_watch(request.user):
            tables = selectors.public_tables(request.user)
        else:
            tables = selectors.tables_for(request.user)
        page = paginator.paginate_queryset(tables, request, view=self)
        return paginator.get_paginated_response([selectors.table_summary(t, request.user) for t in page])

    @extend_schema(
        operation_id="tables_create",
        summary="Open a table with one of your decks (with opponentDeck: both seats are yours; "
        "with bot too: a bot plays opponentDeck)",
        request=TableCreateDoc,
        responses={201: TableCreatedDoc},
    )
    def post(self, request):
        body = _body(request)
        invite = body.get("invite")
        invited = None
        if invite is not None:
            invited = (
                get_user_model().objects.filter(username=invite).first() if isinstance(invite, str) else None
            )
            if invited is None:
                raise InvalidInput(
                    [
                        error(
                            "UNKNOWN_USER",
                            field="invite",
                            params={"value": str(invite)[:150]},
                        )
                    ]
                )
        public = body.get("public", False)
        if not isinstance(public, bool):
            raise InvalidInput([invalid("public", problem("NOT_YES_NO"))])
        table = services.table_create(
            user=request.user,
            deck=_deck(body, "deck"),
            opponent_deck=_deck(body, "opponentDeck", required=False),
            seed=body.get("seed"),
            public=public,
            invite=invited,
            mode=body.get("mode"),
            timer=body.get("timer"),
            bot=body.get("bot"),
        )
        return Response(
            {
                "id": table.pk,
                "game": table.game,
                "status": table.status,
                "seq": table.seq,
                "mode": table.mode,
                "rulesVersion": table.rules_version,
                "timer": table.timer,
                "bot": body.get("bot"),
                "inviteToken": table.invite_token
                if table.status == Table.Status.WAITING and table.invite_open
                else None,
            },
            status=status.HTTP_201_CREATED,
        )


class TableDetail(TablesView):
    @extend_schema(
        operation_id="tables_retrieve",
        summary="The table as you may see it (at: the state after event N)",
        parameters=[TABLE_ID, OpenApiParameter("at", OpenApiTypes.INT)],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        services.table_clock_check(table)
        at = _whole(request.query_params.get("at"), "at", high=table.seq)
        return Response(selectors.table_view_for(request.user, table, at=at))


def _join(request, table, deck) -> Response:
    table = services.table_join(user=request.user, table=table, deck=deck)
    return Response({"id": table.pk, "game": table.game, "status": table.status, "seq": table.seq})


class TableJoin(TablesView):
    @extend_schema(
        operation_id="tables_join",
        summary="Sit at seat 2 with one of your decks of the table's game (invited, the link's token, or public)",
        parameters=[TABLE_ID],
        request=TableJoinDoc,
        responses=TableCreatedDoc,
    )
    def post(self, request, pk: int):
        body = _body(request)
        table = Table.objects.filter(pk=pk).first()
        token = body.get("token")
        invited = table is not None and (
            table.invited_id == request.user.pk
            or table.public
            or (isinstance(token, str) and table.invite_open and token == table.invite_token)
            or any(s.user_id == request.user.pk for s in table.seats.all())
        )
        if not invited:
            raise Http404("no table you may join has this id")
        return _join(request, table, _deck(body, "deck"))


class TableJoinByToken(TablesView):
    @extend_schema(
        operation_id="tables_join_by_token",
        summary="Sit at the table of an invitation link (its token) with one of your decks",
        request=TableJoinDoc,
        responses=TableCreatedDoc,
    )
    def post(self, request):
        body = _body(request)
        token = body.get("token")
        table = (
            Table.objects.filter(invite_token=token, invite_open=True).first()
            if isinstance(token, str) and token
            else None
        )
        if table is None:
            raise Http404("no table has this invitation")
        return _join(request, table, _deck(body, "deck"))


class TableInvitation(TablesView):
    @extend_schema(
        operation_id="tables_invitation_reissue",
        summary="Re-issue the invitation link of your waiting table: a new token (the old link leads nowhere)",
        parameters=[TABLE_ID],
        request=None,
        responses={200: InvitationDoc},
    )
    def post(self, request, pk: int):
        return self._set(request, pk, open=True)

    @extend_schema(
        operation_id="tables_invitation_revoke",
        summary="Revoke the invitation link of your waiting table (a user invited by name stays invited)",
        parameters=[TABLE_ID],
        request=None,
        responses={200: InvitationDoc},
    )
    def delete(self, request, pk: int):
        return self._set(request, pk, open=False)

    def _set(self, request, pk: int, *, open: bool) -> Response:
        table = selectors.table_get_for(request.user, pk)
        table = services.table_invitation_set(user=request.user, table=table, open=open)
        return Response({"id": table.pk, "inviteToken": table.invite_token if table.invite_open else None})


class TableEvents(TablesView):
    @extend_schema(
        operation_id="tables_events_list",
        summary="The events after since, as you may read them (no card you may not see)",
        parameters=[TABLE_ID, OpenApiParameter("since", OpenApiTypes.INT)],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        services.table_clock_check(table)
        since = _whole(request.query_params.get("since"), "since", default=0)
        return Response(
            {"seq": table.seq, "events": selectors.table_events_for(request.user, table, since=since)}
        )

    @extend_schema(
        operation_id="tables_events_create",
        summary="Play one event (expectedSeq: the seq you played from; 409 if the table moved on); "
        "the answer is what your page shows next: the event, your new view and, in rules mode, your intents",
        parameters=[TABLE_ID],
        request=TableEventInDoc,
        responses={201: TablePlayedDoc},
    )
    def post(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        # A seat out of time has lost before it plays (the move is then refused: the game is over).
        services.table_clock_check(table)
        body = _body(request)
        played = services.table_event_append(
            user=request.user,
            table=table,
            kind=body.get("kind"),
            expected_seq=body.get("expectedSeq"),
            payload={k: v for k, v in body.items() if k not in ENVELOPE},
            seat=body.get("seat"),
        )
        # The mover's page shows this answer at once and asks nothing again (Zulip's actions return
        # what the client shows); the other pages hear of the move on their sockets.
        return Response(
            selectors.table_played_for(request.user, table, played), status=status.HTTP_201_CREATED
        )


class TableBot(TablesView):
    @extend_schema(
        operation_id="tables_bot_retry",
        summary="Ask the table's bot to play again (its last move failed, or its task was lost): "
        "202, its run asked for at the table's seq",
        parameters=[TABLE_ID],
        request=None,
        responses={202: OpenApiTypes.OBJECT},
    )
    def post(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        seq = services.table_bot_retry(user=request.user, table=table)
        return Response({"id": table.pk, "seq": seq}, status=status.HTTP_202_ACCEPTED)


class TableIntents(TablesView):
    @extend_schema(
        operation_id="tables_intents",
        summary="Every move the rules allow your seat now (seat: 1 or 2 at a hot seat), each postable as is",
        parameters=[TABLE_ID, OpenApiParameter("seat", OpenApiTypes.INT)],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        services.table_clock_check(table)
        seat = _whole(request.query_params.get("seat"), "seat", low=1, high=2)
        return Response(selectors.table_intents_for(request.user, table, seat))


class TableRules(TablesView):
    @extend_schema(
        operation_id="tables_rules",
        summary="A game's table moves (kind, label, params) and its rules version",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, game: str):
        if game not in registry:
            raise Http404("no such game")
        return Response(selectors.rules_for(game))


class TableExport(TablesView):
    @extend_schema(
        operation_id="tables_events_export",
        summary="Every event of the table as JSON for other tools (as you may read them)",
        parameters=[TABLE_ID],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, pk: int):
        table = selectors.table_get_for(request.user, pk)
        response = Response(
            {
                "format": "card-studio-table",
                "formatVersion": 1,
                "table": {**selectors.table_summary(table, request.user), **selectors.seed_fields(table)},
                "events": selectors.table_events_for(request.user, table),
            }
        )
        response["Content-Disposition"] = f'attachment; filename="table-{table.pk}-events.json"'
        return response
