"""Writes to decks: create, replace, delete (under the deck's lock, at the version the client
read), and a deck checked without being stored."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext

from common.errors import Forbidden, InvalidInput, StaleVersion
from rules import get_ruleset
from rules.decks import ValidationResult
from rules.findings import error
from rules.pool import needs_every_printing
from rules.problems import invalid, problem

from ..interchange import DeckInput, parse_deck
from ..models import Deck, DeckEntry, OwnedCard
from ..signals import deck_changed
from .formats import format_for
from .references import _parse, _placed, _pool_for, _write_entries, check_section_sizes
from .staleness import deck_validate


def _owner(username: str | None):
    if username is None:
        return None
    owner = get_user_model().objects.filter(username=username).first()
    if owner is None:
        raise InvalidInput(
            [
                error(
                    "UNKNOWN_USER",
                    field="owner",
                    params={"value": username},
                )
            ]
        )
    return owner


def can_manage_all_decks(user) -> bool:
    return user is not None and user.has_perm("decks.manage_all_decks")


def _choose_owner(deck_input: DeckInput, user):
    """The deck's owner: the user who writes it, unless a manager of all decks names another (or none)."""
    if user is None:  # commands: the file (or --owner) decides
        return _owner(deck_input.owner)
    if "owner" in deck_input.given and deck_input.owner != user.get_username():
        if not can_manage_all_decks(user):
            raise Forbidden(
                gettext("you can only own your decks yourself; leave owner out or set it to your username")
            )
        return _owner(deck_input.owner)
    return user


def deck_check(*, data: Any, user=None) -> ValidationResult:
    """Validate a deck JSON object against the cards ``user`` may see; nothing is stored.

    ``owner`` (whose collection an "owned cards only" format reads) is the caller, unless the
    caller may see every deck (reviewers, admins): nobody reads another's collection this way.
    """
    deck_input, findings = parse_deck(data)
    if findings:
        raise InvalidInput(findings)
    check_section_sizes(deck_input.sections)
    deck_input = _placed(deck_input, user)
    if user is not None and not (user.has_perm("decks.view_all_decks") or can_manage_all_decks(user)):
        deck_input = dataclasses.replace(deck_input, owner=user.get_username())
    return check_input(deck_input, user=user)


def check_input(deck_input: DeckInput, user=None) -> ValidationResult:
    ruleset = get_ruleset(deck_input.game)
    fmt = format_for(deck_input.game, deck_input.format)
    fmt_data = fmt.data()
    refs = [e.ref for entries in deck_input.sections.values() for e in entries] + [
        r for r in deck_input.picks.values() if r
    ]
    pool, _ = _pool_for(deck_input.game, refs, user, whole=needs_every_printing(fmt_data))
    collection = None
    if fmt_data.owned_only and deck_input.owner:
        if getattr(user, "is_authenticated", False) and deck_input.owner == user.get_username():
            owner = user  # the caller's own collection (the usual case): no query for the caller
        else:
            owner = get_user_model().objects.filter(username=deck_input.owner).first()
        collection = _collection(owner) if owner is not None else {}
    return ruleset.validate_deck(deck_input.data(fmt.key), pool, fmt_data, collection)


def _collection(owner) -> dict[str, int]:
    return dict(OwnedCard.objects.filter(owner=owner).values_list("card__stable_id", "count"))


@transaction.atomic
def deck_create(*, data: Any, user=None) -> Deck:
    """Store a deck (JSON deck object) and its validation result."""
    deck_input = _parse(data, user=user)
    fmt = format_for(deck_input.game, deck_input.format)
    owner = _choose_owner(deck_input, user)
    limit = settings.DECKS_MAX_PER_USER
    if owner is not None and Deck.objects.filter(owner=owner).count() >= limit:
        raise InvalidInput(
            [invalid("owner", problem("DECKS_LIMIT", value=owner.get_username(), maximum=limit))]
        )
    deck = Deck.objects.create(game=deck_input.game, format=fmt, name=deck_input.name, owner=owner)
    _write_entries(deck, deck_input, user=user)
    deck_validate(deck=deck)
    return deck


def check_can_change(user, deck: Deck) -> None:
    if user is None or can_manage_all_decks(user) or (deck.owner_id is not None and deck.owner_id == user.pk):
        return
    raise Forbidden(gettext("only the deck's owner can change it"))


def _lock(deck: Deck, user, expected_version: int | None, tab: str = "") -> Deck:
    """The deck, locked for this transaction, once ``user`` may change it and (with
    ``expected_version``) it is still at the version the client read: else StaleVersion (412).

    ``tab``: the builder page sending the change. A version of the run of changes that page made
    itself (nobody else changed the deck since) is no stale one: its own requests may cross."""
    deck = Deck.objects.select_for_update().get(pk=deck.pk)
    check_can_change(user, deck)
    own_run = bool(tab) and deck.edit_tab == tab and expected_version is not None
    if (
        expected_version is not None
        and expected_version != deck.version
        and not (own_run and deck.edit_tab_from <= expected_version <= deck.version)
    ):
        raise StaleVersion(expected_version, deck.version, what="deck")
    deck._edit_tab = tab  # type: ignore[attr-defined]  # read by _bump
    return deck


def _bump(deck: Deck, *fields: str, user=None) -> None:
    """Save a change of the deck's content: its version grows (``fields``: the only ones changed),
    the page that made it (``_lock``'s ``tab``) continues or starts its run of changes, and
    ``deck_changed`` tells the apps above that ``user`` changed it."""
    tab = getattr(deck, "_edit_tab", "")[:40]
    if tab != deck.edit_tab or not tab:
        deck.edit_tab, deck.edit_tab_from = tab, deck.version
    deck.version += 1
    deck.save(
        update_fields=[*fields, "version", "updated_at", "edit_tab", "edit_tab_from"] if fields else None
    )
    deck_changed.send(sender=Deck, deck=deck, user=user)


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    data: Any,
    user=None,
    partial: bool = False,
    expected_version: int | None = None,
    tab: str = "",
) -> Deck:
    """Replace a deck (``partial=False``, PUT) or the keys given (``partial=True``, PATCH; a given section is replaced whole)."""
    deck = _lock(deck, user, expected_version, tab)
    deck_input = _parse(data, game=deck.game, partial=partial, user=user)
    given = deck_input.given
    if not partial or "format" in given:
        deck.format = format_for(deck.game, deck_input.format)
    if not partial or "name" in given:
        deck.name = deck_input.name
    if "owner" in given:  # absent, even from a PUT: the owner stays
        deck.owner = _choose_owner(deck_input, user)
    _bump(deck, user=user)
    ruleset = get_ruleset(deck.game)
    if partial:
        sections = list(deck_input.sections)
        picks = [name for name in ruleset.deck_picks if name in given]
    else:
        DeckEntry.objects.filter(deck=deck).delete()
        sections, picks = list(deck_input.sections), list(ruleset.deck_picks)
    _write_entries(deck, deck_input, sections, picks, user=user)
    deck_validate(deck=deck)
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck, user=None, expected_version: int | None = None, tab: str = "") -> None:
    _lock(deck, user, expected_version, tab).delete()
