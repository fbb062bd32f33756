"""The tables' pages: the list of a player's tables, a new table from a deck, the invitation link,
and the table itself (templates/tables/; its script, tables/static/tables/table.js and its modules).

Thin: reads through :mod:`tables.selectors`, writes through :mod:`tables.services`, whose refusals
become messages on the page (never a 500). The table page carries no card of the game: its script
reads the viewer's view from the API (GET /api/tables/{id}/), the other player's moves over the
table's WebSocket (tables/consumers.py) and its own moves' answers (POST events/), so that the page
shows what the viewer may see and nothing more.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from cards.models import Card
from cards.translation_selectors import reader_language
from common.errors import InvalidInput, StudioError
from common.finding_messages import message as finding_message
from common.i18n import game_name, supported, tr
from common.numbers import ascii_whole
from decks import selectors as deck_selectors
from faces import services as face_services
from faces.inputs import in_its_own_language, version_inputs, with_primary_artwork
from rules import get_ruleset
from rules.tables.state import with_draws

from . import page_parts, selectors, services
from .models import Table


def _my_decks(user, game: str | None = None):
    decks = deck_selectors.deck_list(user=user).filter(owner=user)
    if game:
        decks = decks.filter(game=game)
    return decks.order_by("game", "name")


def _refusal_text(refused) -> str:
    finding = getattr(refused, "finding", None)
    if finding is not None:
        return finding_message(finding)
    return str(refused)


def _deck_or_none(user, value, game: str | None = None):
    try:
        pk = int(value)
    except (TypeError, ValueError):
        return None
    return _my_decks(user, game).filter(pk=pk).first()


@login_required
def table_list(request):
    """The player's tables, and a new table from one of their decks."""
    decks = list(_my_decks(request.user))
    return render(
        request,
        "tables/list.html",
        {
            "tables": selectors.tables_for(request.user),
            # The tables open to spectators (none for a user who may not watch them) they do not sit at.
            "watchable": selectors.public_tables(request.user).exclude(seats__user=request.user)[:20],
            "decks": decks,
            "deck_id": request.GET.get("deck", ""),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request):
    """GET: the form for a deck (?deck=ID); POST: a table, waiting for a second player or hot seat."""
    if request.method == "GET":
        return redirect(f"{reverse('tables:list')}?deck={request.GET.get('deck', '')}#new")
    deck = _deck_or_none(request.user, request.POST.get("deck"))
    if deck is None:
        messages.error(request, _("Choose one of your decks to open a table."))
        return redirect("tables:list")
    opponent = None
    # Solo play: a bot ("random" or "greedy") takes the second seat with the deck chosen for it.
    bot = request.POST.get("bot") or None
    if bot is not None:
        opponent = _deck_or_none(request.user, request.POST.get("bot_deck"))
        if opponent is None:
            messages.error(request, _("Choose the bot's deck among your decks."))
            return redirect(f"{reverse('tables:list')}?deck={deck.pk}#new")
    elif request.POST.get("opponent_deck"):
        opponent = _deck_or_none(request.user, request.POST.get("opponent_deck"))
        if opponent is None:
            messages.error(request, _("The second deck must be one of your decks."))
            return redirect(f"{reverse('tables:list')}?deck={deck.pk}#new")
    invite = None
    name = request.POST.get("invite", "").strip()
    if name and opponent is None:
        invite = get_user_model().objects.filter(username=name[:150]).first()
        if invite is None:
            messages.error(request, _("No user of the studio is called %(name)s.") % {"name": name[:150]})
            return redirect(f"{reverse('tables:list')}?deck={deck.pk}#new")
    # Rules mode where the game has one, unless the player asks for the free table.
    mode = "free" if request.POST.get("free") == "on" else None
    # The turn timer runs at a table of two users; at a hot seat only when asked for (and the game has one).
    timer = None
    if request.POST.get("timer") == "on" and opponent is not None and mode is None:
        timer = True if get_ruleset(deck.game).table_timer is not None else None
    try:
        table = services.table_create(
            user=request.user,
            deck=deck,
            opponent_deck=opponent,
            invite=invite,
            public=request.POST.get("public") == "on",
            mode=mode,
            timer=timer,
            bot=bot,
        )
    except StudioError as refused:
        messages.error(request, _refusal_text(refused))
        return redirect(f"{reverse('tables:list')}?deck={deck.pk}#new")
    return redirect("tables:detail", table.pk)


@login_required
@require_http_methods(["GET", "POST"])
def table_invite(request, token: str):
    """The invitation link: the second player chooses one of their decks of the table's game."""
    table = Table.objects.filter(invite_token=token, invite_open=True).first()
    if table is None:
        raise Http404("no table has this invitation")
    seated = selectors.viewer_seats(request.user, table)
    if seated or table.status != Table.Status.WAITING:
        if seated:
            return redirect("tables:detail", table.pk)
        messages.error(request, _("This table already has its two players."))
        return redirect("tables:list")
    ruleset = get_ruleset(table.game)
    decks = list(_my_decks(request.user, table.game))
    if request.method == "POST":
        deck = _deck_or_none(request.user, request.POST.get("deck"), table.game)
        if deck is None:
            messages.error(request, _("Choose one of your decks of this game."))
        else:
            try:
                services.table_join_by_token(user=request.user, token=token, deck=deck)
            except StudioError as refused:
                messages.error(request, _refusal_text(refused))
            else:
                return redirect("tables:detail", table.pk)
    host = table.created_by.get_username() if table.created_by else ""
    return render(
        request, "tables/invite.html", {"table": table, "ruleset": ruleset, "decks": decks, "host": host}
    )


def _moves(ruleset, mode: str) -> list[dict]:
    moves = ruleset.table_moves
    if moves is None or (mode == "rules" and not moves.rules):
        return []
    return [
        {
            "kind": m.kind,
            # A move's and a step's name are the table's words, not a card's value: vanguard's DRAW
            # and STAND triggers keep their English names where its Draw and Stand steps do not.
            "label": tr(m.label),
            "log": tr(m.log, ruleset.key),
            "leftFree": tr(m.leaves_free, ruleset.key) if m.leaves_free else "",
            "params": [p.key for p in m.params],
        }
        for m in moves.declared(mode)
    ]


@login_required
@require_http_methods(["POST"])
def table_invitation(request, pk: int):
    """The creator revokes the table's invitation link (``action=revoke``) or re-issues it (a new link)."""
    table = selectors.table_get_for(request.user, pk)
    action = request.POST.get("action")
    if action not in ("revoke", "reissue"):
        messages.error(request, _("Choose to revoke the invitation link or to issue a new one."))
        return redirect("tables:detail", table.pk)
    try:
        services.table_invitation_set(user=request.user, table=table, open=action == "reissue")
    except StudioError as refused:
        messages.error(request, _refusal_text(refused))
    else:
        if action == "reissue":
            messages.success(
                request, _("A new invitation link is issued: the one sent before leads nowhere.")
            )
        else:
            messages.success(request, _("The invitation link is revoked: it leads nowhere now."))
    return redirect("tables:detail", table.pk)


def may_sit(user, table: Table) -> bool:
    """Whether ``user`` may take the second seat from the table's page: it waits, they do not sit at
    it, and they are invited by name or it is open to spectators (the link's token has its own page)."""
    return (
        user.is_authenticated
        and table.status == Table.Status.WAITING
        and not selectors.viewer_seats(user, table)
        and (table.invited_id == user.pk or table.public)
        and user.has_perm("tables.add_table")
    )


@login_required
@require_http_methods(["POST"])
def table_sit(request, pk: int):
    """The table page's sit form: the invited user takes the second seat with one of their decks."""
    table = selectors.table_get_for(request.user, pk)
    if not may_sit(request.user, table):
        if table.status != Table.Status.WAITING and not selectors.viewer_seats(request.user, table):
            messages.error(request, _("This table already has its two players."))
        return redirect("tables:detail", table.pk)
    deck = _deck_or_none(request.user, request.POST.get("deck"), table.game)
    if deck is None:
        messages.error(request, _("Choose one of your decks of this game."))
        return redirect("tables:detail", table.pk)
    try:
        services.table_join(user=request.user, table=table, deck=deck)
    except StudioError as refused:
        messages.error(request, _refusal_text(refused))
    return redirect("tables:detail", table.pk)


@login_required
@require_http_methods(["POST"])
def table_bot(request, pk: int):
    """The table page's retry: a player asks the table's bot to play again (its last move failed)."""
    table = selectors.table_get_for(request.user, pk)
    try:
        services.table_bot_retry(user=request.user, table=table)
    except StudioError as refused:
        messages.error(request, _refusal_text(refused))
    else:
        messages.success(request, _("The bot is asked to play again."))
    return redirect("tables:detail", table.pk)


def table_labels(game: str) -> dict:
    """The words of a game's table in the reader's language: zones, steps, counters, setup."""
    ruleset = get_ruleset(game)
    spec = with_draws(ruleset.table_spec(), ruleset.draws())
    mulligan = spec.setup.mulligan
    return {
        "game": game,
        "gameName": game_name(ruleset),
        "zones": {
            z.key: {
                "label": tr(z.label, game),
                "layout": z.layout,
                "shared": z.shared,
                "capacity": z.capacity,
                "visibility": z.visibility,
            }
            for z in spec.zones
        },
        "steps": [{"key": s.key, "label": tr(s.label), "note": tr(s.note, game)} for s in spec.steps],
        "counters": {
            c.key: {"label": tr(c.label, game), "minimum": c.minimum, "maximum": c.maximum}
            for c in spec.counters
        },
        "mulligan": None if mulligan is None else {"max": mulligan.max_cards},
        "choices": [
            {"decision": c.decision, "source": c.source, "label": tr(c.label, game), "count": c.count}
            for c in spec.setup.choices
        ],
        "setup": tr(spec.setup.summary, game),
        "summary": tr(spec.summary, game),
        # The game's own moves (rules.tables.moves): those of its free table, and of its rules mode
        # (the page draws their buttons and log lines from these, never from a list of its own).
        "freeMoves": _moves(ruleset, "free"),
        "ruleMoves": _moves(ruleset, "rules"),
        "board": spec.board is not None,
    }


@login_required
def table_detail(request, pk: int):
    """The table: both sides as the viewer may see them, live (or ?at=N: the replay at event N)."""
    table = selectors.table_get_for(request.user, pk)
    seats = sorted(s + 1 for s in selectors.viewer_seats(request.user, table))
    at = request.GET.get("at")
    replay = None
    if at is not None:
        number = ascii_whole(at)  # ASCII digits only: int() reads "１２" too
        if number is not None:
            replay = min(number, table.seq)
        else:
            messages.error(
                request, _("The replay's event must be a whole number: the table is shown as it is now.")
            )
    invite = None
    inviting = table.status == Table.Status.WAITING and table.created_by_id == request.user.pk
    if inviting and table.invite_open:
        invite = request.build_absolute_uri(reverse("tables:invite", args=[table.invite_token]))
    ruleset = get_ruleset(table.game)
    # The invited user (or anyone, at a public table) sits from here with a deck of the game.
    sit_decks = list(_my_decks(request.user, table.game)) if may_sit(request.user, table) else None
    config = {
        "id": table.pk,
        "seats": seats,
        "hotSeat": table.hot_seat,
        "replayAt": replay,
        "lastSeq": table.seq,
        "status": table.status,
        # The contract's routes (FORMATS.md, "Playtest tables"): the view, its events, the moves.
        "api": f"/api/tables/{table.pk}/",
        # rules: the page offers only the moves of GET intents/ (rules.tables.moves); free: the sandbox.
        "mode": table.mode,
        "intents": f"/api/tables/{table.pk}/intents/",
        "ws": f"/ws/tables/{table.pk}/",
        # Solo play: the milliseconds between two of the bot's moves as the page shows them.
        "botPace": settings.TABLE_BOT_PACE_MS,
        "pingMs": settings.TABLE_SOCKET_PING_SECONDS * 1000,
        "silenceMs": settings.TABLE_SOCKET_SILENCE_SECONDS * 1000,
        "pollMs": settings.TABLE_POLL_SECONDS * 1000,
        "page": reverse("tables:detail", args=[table.pk]),
        "faceUrl": reverse("faces-api:card-face-png", args=["STABLEID"]).replace("STABLEID", "{id}"),
        "labels": table_labels(table.game),
        # The reader's language: the dealt faces in it where a validated translation of that version
        # exists, and each card the viewer may see named in it where a current translation exists (the
        # answers carry each card's names by language: tables.selectors.with_translated_names).
        "faceLang": face_language(),
        "language": reader_language(),
    }
    return render(
        request,
        "tables/table.html",
        {
            "table": table,
            "ruleset": ruleset,
            "config": config,
            "invite": invite,
            "inviting": inviting,
            "replay": replay,
            "seats": seats,
            "sit_decks": sit_decks,
            # Solo play: the seat a bot plays, shown as a bot.
            "bot_seat": next((s for s in selectors.seats_of(table) if s.bot), None),
            "host": table.created_by.get_username() if table.created_by else "",
            **page_parts.comments_context(request, table),
        },
    )


def face_language() -> str:
    """The reader's language, one of the studio's ("" when none is)."""
    return supported(get_language()) or ""


# The sizes a table's face is drawn at, each cached once per card version: the board's (a card drawn
# 71 x 99 CSS px, table.css: 30 dpi is 74 x 104 px of a 63 x 88 mm face, 60 dpi for a screen of two
# pixels a CSS pixel; table/state.js BOARD_DPI), the grid's (the default) and the zoom's.
TABLE_DPIS = {"30": 30, "60": 60, "100": face_services.GRID_DPI, "200": 200, "300": 300}


@login_required
def table_face(request, pk: int, stable_id: str, version: int):
    """The face of a card as the table was dealt it, for who sees that card at the table now (a card
    edited since, or back in review, keeps the face it was played with; a hidden card has none)."""
    table = selectors.table_get_for(request.user, pk)
    shown = selectors.table_view_for(request.user, table, names=False)
    if not selectors.shows_card(shown, stable_id, version):
        raise Http404(_("no such card is shown at this table"))
    card = with_primary_artwork(Card.objects.filter(stable_id=stable_id)).first()
    try:
        lang = face_services.read_lang(request.GET.get("lang"))
    except InvalidInput:
        raise Http404(_("no such card is shown at this table")) from None
    inputs = version_inputs(card, version, lang=lang) if card is not None else None
    if inputs is not None and lang and inputs.fallback_lang:
        inputs = in_its_own_language(inputs)  # no validated translation of that version: the face dealt
    if inputs is None:
        raise Http404(_("no such card is shown at this table"))
    dpi = TABLE_DPIS.get(request.GET.get("dpi", ""), face_services.GRID_DPI)
    rendition = face_services.face_png(inputs, dpi=dpi)
    data = getattr(rendition, "unstored_data", None)
    response = (
        HttpResponse(data, content_type="image/png")
        if data is not None
        else FileResponse(rendition.file.open("rb"), content_type="image/png")
    )
    # A version's face never changes; its translation may be edited or validated: kept for minutes.
    response["Cache-Control"] = "private, max-age=300" if lang else "private, max-age=86400"
    return response
