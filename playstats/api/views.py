"""The play statistics' routes: thin views over the selectors and the paper-game service."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

from django.db.models import Model
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.selectors import card_list
from common.api import Text
from common.errors import InvalidInput
from common.notes import checked_note
from decks import selectors as deck_selectors
from decks.models import Deck
from rules import registry
from rules.findings import error
from rules.i18n import N_
from rules.playstats import Rate
from rules.problems import problem
from rules.registry import UnknownGame

from .. import selectors, services
from ..filters import FILTERS, _bad, filters_from
from ..models import PaperGame
from .serializers import CardFiguresDoc, DeckRecordDoc, GridDoc, ProposalDoc, ProposalsDoc, RankingDoc


class FormatIsAFilter(DefaultContentNegotiation):
    """``?format=`` narrows the games to a deck format; it does not choose a renderer here."""

    class settings:
        URL_FORMAT_OVERRIDE = None


def _game(key: str) -> str:
    try:
        return registry.get(key).key
    except UnknownGame:
        raise Http404(f"no game {key!r}")


def plain(value: Any) -> Any:
    if isinstance(value, Rate):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if not isinstance(v, Model)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class GameCards(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = FormatIsAFilter

    @extend_schema(
        summary="A game's cards ranked by play rate (or win rate when drawn: order=winSeen), with 95 % intervals",
        parameters=[*FILTERS, OpenApiParameter("order", OpenApiTypes.STR, enum=["playRate", "winSeen"])],
        responses=RankingDoc,
        operation_id="playstats_game_cards",
    )
    def get(self, request, game: str):
        order = request.query_params.get("order", "playRate")
        if order not in ("playRate", "winSeen"):
            raise _bad(
                "order",
                problem("NOT_ALLOWED", value=repr(order[:20]), expected=["playRate", "winSeen"]),
                N_("send playRate or winSeen"),
            )
        ranking = selectors.card_ranking(
            user=request.user, game=_game(game), filters=filters_from(request.query_params), order=order
        )
        return Response({"game": game, "cards": plain(ranking)})


class GameCardsCsv(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = FormatIsAFilter

    @extend_schema(
        summary="A game's card figures as CSV, for a spreadsheet",
        parameters=FILTERS,
        responses={(200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request, game: str):
        ranking = selectors.card_ranking(
            user=request.user, game=_game(game), filters=filters_from(request.query_params)
        )
        out = io.StringIO()
        writer = csv.writer(out)
        rates = ("playRate", "seenRate", "winInDeck", "winSeen", "winPlayed", "mulliganRate")
        writer.writerow(
            [
                "stableCardId",
                "name",
                "games",
                "seen",
                "played",
                *[f"{r}{p}" for r in rates for p in ("", "Low", "High", "Trials")],
                "averageFirstTurn",
            ]
        )
        for row in ranking:
            cells: list[Any] = [
                row["stableCardId"],
                _safe(row["name"]),
                row["games"],
                row["seen"],
                row["played"],
            ]
            for r in rates:
                rate: Rate = row[r]
                cells += [
                    "" if rate.value is None else round(rate.value, 4),
                    round(rate.low, 4),
                    round(rate.high, 4),
                    rate.trials,
                ]
            cells.append("" if row["averageFirstTurn"] is None else row["averageFirstTurn"])
            writer.writerow(cells)
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{game}-play-statistics.csv"'
        return response


def _safe(text: str) -> str:
    """A cell a spreadsheet would run as a formula is written as text (OWASP CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class CardFiguresView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = FormatIsAFilter

    @extend_schema(
        summary="One card's play figures, in all and by card version",
        parameters=FILTERS,
        responses=CardFiguresDoc,
        operation_id="playstats_card_figures",
    )
    def get(self, request, stable_id: str):
        card = card_list(user=request.user).filter(stable_id=stable_id).first()
        if card is None:
            raise Http404("no such card")
        return Response(
            plain(
                selectors.card_figures(
                    user=request.user, card=card, filters=filters_from(request.query_params)
                )
            )
        )


class DeckRecord(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = FormatIsAFilter

    @extend_schema(summary="A deck's record and matchups", parameters=FILTERS, responses=DeckRecordDoc)
    def get(self, request, pk: int):
        deck = deck_selectors.deck_list(user=request.user).filter(pk=pk).first()
        if deck is None:
            raise Http404("no such deck")
        return Response(
            plain(
                selectors.deck_record(
                    deck_id=deck.pk, filters=filters_from(request.query_params), user=request.user
                )
            )
        )


class GameMatchups(APIView):
    permission_classes = [permissions.IsAuthenticated]
    content_negotiation_class = FormatIsAFilter

    @extend_schema(
        summary="Sides against sides: the game's identities (kind=label: Legends, Leaders, clans) or decks "
        "(kind=deck: the decks you may open; the others together, as the side 'other')",
        parameters=[*FILTERS, OpenApiParameter("kind", OpenApiTypes.STR, enum=["label", "deck"])],
        responses=GridDoc,
    )
    def get(self, request, game: str):
        kind = request.query_params.get("kind", "label")
        if kind not in ("label", "deck"):
            raise _bad(
                "kind",
                problem("NOT_ALLOWED", value=repr(kind[:20]), expected=["label", "deck"]),
                N_("send label or deck"),
            )
        grid = selectors.matchup_grid(
            game=_game(game), kind=kind, filters=filters_from(request.query_params), user=request.user
        )
        return Response(plain(grid))


PAPER_IN = inline_serializer(
    "PaperGameIn",
    fields={
        "decks": serializers.ListField(child=serializers.IntegerField()),
        "winner": serializers.IntegerField(allow_null=True, min_value=1, max_value=2),
        "playedOn": serializers.DateField(required=False),
        "turns": serializers.IntegerField(required=False, min_value=0, max_value=1000),
        "drawn": serializers.ListField(
            child=serializers.ListField(child=serializers.CharField()), required=False
        ),
        "played": serializers.ListField(
            child=serializers.ListField(child=serializers.CharField()), required=False
        ),
        "notes": Text(required=False, max_length=2000),
    },
)


PAPER_OUT = inline_serializer(
    "PaperGameOut",
    fields={
        "id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "source": serializers.CharField(),
        "status": serializers.ChoiceField(
            choices=["counted", "proposed", "declined"],
            help_text="counted; proposed: a deck of another user's, counted once they confirm; "
            "declined: they declined it, counted nowhere",
        ),
        "duplicate": serializers.BooleanField(
            help_text="the same game was sent again: this is the one recorded (200, not 201)"
        ),
    },
)


class PaperGames(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Record a game played on paper (your deck; the opponent's: a deck of another user makes it a proposal they confirm)",
        request=PAPER_IN,
        responses={201: PAPER_OUT, 200: PAPER_OUT},
    )
    def post(self, request):
        if not request.user.has_perm("decks.view_deck"):
            raise InvalidInput(
                [
                    error(
                        "PAPER_GAME_INVALID",
                        field="decks",
                        params={"field": "decks", "problem": "permission"},
                    )
                ]
            )
        body = request.data if isinstance(request.data, dict) else {}
        ids = body.get("decks")
        if (
            not isinstance(ids, list)
            or len(ids) != 2
            or not all(isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in ids)
        ):
            raise services._refuse(
                "PAPER_GAME_INVALID",
                field="decks",
                hint="",
                problem="decks",
            )
        # The first deck is one the recorder may see (theirs); the opponent's may be anyone's, and
        # its owner confirms the game before it counts (services.paper_game_record).
        if not deck_selectors.deck_list(user=request.user).filter(pk=ids[0]).exists():
            raise services._refuse(
                "PAPER_GAME_INVALID",
                field="decks",
                hint="",
                problem="decks",
            )
        visible = {
            d.pk: d
            for d in Deck.objects.filter(pk__in=ids)
            .select_related("format")
            .prefetch_related("entries__card")
        }
        if any(i not in visible for i in ids):
            raise services._refuse("PAPER_GAME_INVALID", field="decks", hint="", problem="decks")
        winner = body.get("winner")
        if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)):
            raise services._refuse("PAPER_GAME_INVALID", field="winner", hint="", problem="winner")
        played_on = None
        if body.get("playedOn") is not None:
            try:
                played_on = dt.date.fromisoformat(str(body["playedOn"])[:10])
            except ValueError:
                raise services._refuse(
                    "PAPER_GAME_INVALID",
                    field="playedOn",
                    hint="",
                    problem="playedOn",
                )
        lists = {}
        for name in ("drawn", "played"):
            value = body.get(name, [[], []])
            if not isinstance(value, list) or not all(
                isinstance(v, list) and all(isinstance(s, str) for s in v) for v in value
            ):
                raise services._refuse(
                    "PAPER_GAME_INVALID",
                    field=name,
                    hint="",
                    problem=name,
                )
            lists[name] = value
        turns = body.get("turns", 0)
        if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= 1000:
            raise services._refuse("PAPER_GAME_INVALID", field="turns", hint="", problem="turns")
        notes = checked_note(body.get("notes"), "notes")
        paper = services.paper_game_record(
            user=request.user,
            decks=[visible[i] for i in ids],
            winner=winner,
            played_on=played_on,
            turns=turns,
            notes=notes,
            **lists,
        )
        return Response(
            {
                "id": paper.pk,
                "game": paper.game,
                "source": "paper",
                "status": paper.status,
                "duplicate": paper.duplicate,
            },
            status=status.HTTP_200_OK if paper.duplicate else status.HTTP_201_CREATED,
        )


class PaperProposals(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Paper games recorded against your decks that wait for your answer (asked), and those you "
        "recorded against another user's deck (sent: waiting, or declined)",
        responses=ProposalsDoc,
        operation_id="playstats_paper_proposals",
    )
    def get(self, request):
        return Response(selectors.paper_proposals(user=request.user))


class PaperAnswer(APIView):
    """``confirm`` or ``decline``: the owner of the opponent's deck answers a paper game."""

    permission_classes = [permissions.IsAuthenticated]
    confirm = True

    def post(self, request, pk: int):
        try:
            paper = services.paper_game_answer(user=request.user, paper_id=pk, confirm=self.confirm)
        except PaperGame.DoesNotExist:
            raise Http404("no paper game of this id waits for your answer")
        return Response(selectors.paper_game_dict(paper, user=request.user))


@extend_schema_view(
    post=extend_schema(
        summary="Confirm a paper game recorded against your deck: it is counted",
        request=None,
        responses=ProposalDoc,
        operation_id="playstats_paper_confirm",
    )
)
class PaperConfirm(PaperAnswer):
    confirm = True


@extend_schema_view(
    post=extend_schema(
        summary="Decline a paper game recorded against your deck: it is counted nowhere",
        request=None,
        responses=ProposalDoc,
        operation_id="playstats_paper_decline",
    )
)
class PaperDecline(PaperAnswer):
    confirm = False
