"""Reads of the review workflow: the queue with its diffs, audits, closure, proposals, conflicts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.utils.translation import gettext, ngettext

from cards.diff import card_diff
from cards.interchange import card_to_dict
from cards.models import Card, CardRevision, ImportConflict, Status
from cards.selectors import card_list
from cards.services import card_findings
from cards.workflow import allowed_targets
from common.i18n import game_name
from common.labels import label, label_with_code
from playstats.selectors import stable_ids_with_figures
from rules import get_ruleset, registry
from rules.audit import REVIEW_LISTS

from .models import (
    ACTIVE_AUDIT_STATUSES,
    Audit,
    AuditEntry,
    AuditStatus,
    DistinctIdentity,
    Proposal,
    ProposalStatus,
)

WAITING_FOR_REVIEW = (Status.DRAFT, Status.NEEDS_REVIEW)
VIEW_UNVALIDATED = "cards.view_unvalidated_card"
REVIEW = "cards.review_card"


def may_audit(user) -> bool:
    """Who may start, follow and read audits: the one rule of the audits page and of the audits API."""
    return bool(user is not None and user.is_authenticated and user.has_perm(REVIEW))


# --- audits ----------------------------------------------------------------------------------
def latest_audits() -> QuerySet[Audit]:
    """The latest finished audit of each game (one query)."""
    latest = (
        Audit.objects.filter(game=OuterRef("game"), status=AuditStatus.DONE)
        .order_by("-finished_at", "-pk")
        .values("pk")[:1]
    )
    return Audit.objects.filter(status=AuditStatus.DONE, pk=Subquery(latest))


def latest_audit(*, game: str) -> Audit | None:
    return Audit.objects.filter(game=game, status=AuditStatus.DONE).order_by("-finished_at", "-pk").first()


def audit_list(*, game: str | None = None) -> QuerySet[Audit]:
    qs = Audit.objects.all()
    return qs.filter(game=game) if game else qs


def audit_entries(*, audit: Audit, list_name: str | None = None) -> QuerySet[AuditEntry]:
    qs = audit.entries.all()
    return qs.filter(list=list_name) if list_name else qs


# --- the review queue ----------------------------------------------------------------------------
def review_queue(*, user, game: str | None = None, list_name: str | None = None) -> QuerySet[Card]:
    """Cards waiting for review (DRAFT, NEEDS_REVIEW) that ``user`` may see, oldest change first.

    ``list_name`` keeps the cards in that list of their game's latest audit.
    Each card carries the id of its last VALIDATED revision (``Card.last_validated_revision``).
    """
    qs = card_list(user=user).filter(status__in=WAITING_FOR_REVIEW)
    if game:
        qs = qs.filter(game=game)
    if list_name:
        qs = in_review_list(qs, list_name)
    return qs.order_by("game", "updated_at", "pk")


def in_review_list(qs: QuerySet[Card], list_name: str) -> QuerySet[Card]:
    """The cards of ``qs`` that are in ``list_name`` in their game's latest audit."""
    return qs.filter(
        pk__in=AuditEntry.objects.filter(audit__in=latest_audits(), list=list_name).values("card_id")
    )


def review_items(*, cards: Sequence[Card], user) -> list[dict[str, Any]]:
    """What a reviewer sees for each card of a queue page: its lists, proposals, moves and the diff.

    A fixed number of queries whatever the number of cards.
    """
    revisions = CardRevision.objects.only("pk", "version", "created_at", "author_name", "snapshot").in_bulk(
        [c.last_validated_revision_id for c in cards if c.last_validated_revision_id]
    )
    listings: dict[int, list[dict]] = {}
    entries = AuditEntry.objects.filter(audit__in=latest_audits(), card__in=cards).select_related("audit")
    for entry in entries.order_by("list", "pk"):
        listings.setdefault(entry.card_id, []).append(
            {"list": entry.list, "code": entry.code, "reason": entry.message, "auditId": entry.audit_id}
        )
    proposals: dict[int, list[int]] = {}
    for card_id, pk in Proposal.objects.filter(card__in=cards, status=ProposalStatus.DRAFT).values_list(
        "card_id", "pk"
    ):
        proposals.setdefault(card_id, []).append(pk)
    items = []
    for card in cards:
        revision = revisions.get(card.last_validated_revision_id)
        items.append(
            {
                "card": card,
                "lists": listings.get(card.pk, []),
                "openProposals": proposals.get(card.pk, []),
                "allowedStatuses": allowed_targets(user, card.status),
                "diff": diff_against(card, revision),
            }
        )
    return items


def diff_against(card: Card, revision: CardRevision | None) -> dict[str, Any]:
    """The field-by-field diff from ``revision`` (None: never VALIDATED) to the card as it is now."""
    diff = card_diff(
        revision.snapshot if revision else None,
        card_to_dict(card),
        game_fields=get_ruleset(card.game).field_names(),
    )
    diff["since"] = (
        {"version": revision.version, "at": revision.created_at.isoformat(), "by": revision.author_name}
        if revision
        else None
    )
    return diff


# --- closure -------------------------------------------------------------------------------------
def review_closure(*, game: str) -> dict[str, Any]:
    """Whether ``game``'s review is closed, and if not, what blocks it.

    Closed only when its latest audit's five lists are empty, no card waits for
    review, and no card or import conflict changed since that audit started.
    """
    return review_closures(games=[game])[0]


def review_closures(*, games: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """:func:`review_closure` of each game (every game by default), in four queries whatever their number."""
    keys = list(games) if games is not None else list(registry.keys())
    latest: dict[str, Audit] = {}
    running: dict[str, int] = {}
    audits = Audit.objects.filter(game__in=keys).filter(
        Q(pk__in=latest_audits().values("pk")) | Q(status__in=ACTIVE_AUDIT_STATUSES)
    )
    for audit in audits.order_by("pk"):
        if audit.status == AuditStatus.DONE:
            latest[audit.game] = audit
        else:
            running[audit.game] = audit.pk
    cards = {
        row["game"]: row
        for row in Card.objects.filter(game__in=keys)
        .values("game")
        .annotate(waiting=Count("pk", filter=Q(status__in=WAITING_FOR_REVIEW)), changed=Max("updated_at"))
        .order_by()
    }
    conflicts = dict(
        ImportConflict.objects.filter(game__in=keys)
        .values("game")
        .annotate(last=Max("created_at"))
        .order_by()
        .values_list("game", "last")
    )
    return [
        _closure(game, latest.get(game), running.get(game), cards.get(game, {}), conflicts.get(game))
        for game in keys
    ]


def _closure(
    game: str, audit: Audit | None, running: int | None, cards: dict, last_conflict
) -> dict[str, Any]:
    waiting = cards.get("waiting", 0)
    lists = {name: (audit.list_counts or {}).get(name, 0) for name in REVIEW_LISTS} if audit else None
    blocking = [name for name in REVIEW_LISTS if lists and lists[name]]
    changed = cards.get("changed")
    stale = bool(audit and audit.started_at) and (
        (changed is not None and changed > audit.started_at)
        or (last_conflict is not None and last_conflict > audit.started_at)
    )
    reasons = []
    if audit is None:
        name = game_name(game)
        reasons.append(gettext("no audit of %(game)s has finished yet: run one") % {"game": name})
    for name in blocking:
        reasons.append(
            ngettext(
                "%(list)s is not empty (%(count)s card)",
                "%(list)s is not empty (%(count)s cards)",
                lists[name],
            )
            % {"list": label_with_code(name, "list"), "count": lists[name]}
        )
    if waiting:
        reasons.append(
            ngettext(
                "%(count)s card waits for review (status %(draft)s or %(review)s)",
                "%(count)s cards wait for review (status %(draft)s or %(review)s)",
                waiting,
            )
            % {"count": waiting, "draft": label("DRAFT", "status"), "review": label("NEEDS_REVIEW", "status")}
        )
    if stale:
        reasons.append(gettext("cards changed since the latest audit started: run a new audit"))
    return {
        "game": game,
        "closed": not reasons,
        "blockingLists": blocking,
        "lists": lists,
        "waitingForReview": waiting,
        "auditStale": stale,
        "audit": audit.pk if audit else None,
        "auditFinishedAt": audit.finished_at.isoformat() if audit and audit.finished_at else None,
        "runningAudit": running,
        "counts": audit.counts if audit else None,
        "reasons": reasons,
    }


# --- proposals and conflicts -------------------------------------------------------------------------
def proposal_list(*, user) -> QuerySet[Proposal]:
    return Proposal.objects.filter(card__in=card_list(user=user)).select_related(
        "card", "submitted_by", "reviewed_by"
    )


def proposal_live_diff(*, proposal: Proposal) -> dict[str, Any]:
    """What the proposal would change on the card as it is now (its values laid over the current card)."""
    current = card_to_dict(proposal.card)
    proposed = {**current, **{k: v for k, v in proposal.changes.items() if k in current}}
    return card_diff(current, proposed, game_fields=get_ruleset(proposal.game).field_names())


def import_conflict_list(
    *, user, game: str | None = None, open_only: bool | None = None
) -> QuerySet[ImportConflict]:
    qs = ImportConflict.objects.filter(card__in=card_list(user=user)).select_related("card", "resolved_by")
    if game:
        qs = qs.filter(game=game)
    if open_only is True:
        qs = qs.filter(resolution="")
    elif open_only is False:
        qs = qs.exclude(resolution="")
    return qs


def distinct_identity_list(*, user) -> QuerySet[DistinctIdentity]:
    visible = card_list(user=user)
    return DistinctIdentity.objects.filter(card_a__in=visible, card_b__in=visible).select_related(
        "card_a", "card_b", "created_by"
    )


# --- the review pages ------------------------------------------------------------------------------
def waiting_counts(*, user) -> dict[str, int]:
    """Per game, the cards waiting for review that ``user`` may see (one query)."""
    rows = (
        card_list(user=user)
        .filter(status__in=WAITING_FOR_REVIEW)
        .values("game")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return {row["game"]: row["n"] for row in rows}


def open_proposals(*, user, game: str) -> QuerySet[Proposal]:
    return (
        proposal_list(user=user).filter(game=game, status=ProposalStatus.DRAFT).order_by("created_at", "pk")
    )


# --- the compact queue ---------------------------------------------------------------------------------
# What a row of the compact queue may be sorted by: the key each sort reads, and whether it reads
# backwards (the most findings first, the newest change first).
QUEUE_SORTS: dict[str, tuple[str, bool]] = {
    "when": ("updated_at", False),
    "-when": ("updated_at", True),
    "name": ("name", False),
    "status": ("status", False),
    "author": ("author", False),
    "findings": ("findings", True),
}


SEARCH_COLUMNS = (
    "translated_names",
    "translated_languages",
    "search_text",
    "search_name",
    "search_body",
    "archetype_index",
    "search_translated",
)


def last_author() -> Subquery:
    """The name of whoever wrote a card's latest revision (an annotation of a card query)."""
    return Subquery(
        CardRevision.objects.filter(card=OuterRef("pk")).order_by("-version").values("author_name")[:1]
    )


def queue_authors(qs: QuerySet[Card]) -> list[str]:
    """Who wrote the latest revision of the cards of ``qs`` (the author filter's choices; one query)."""
    names = qs.annotate(author=last_author()).order_by().values_list("author", flat=True).distinct()
    return sorted({name for name in names if name}, key=str.casefold)


def queue_rows(
    qs: QuerySet[Card], *, sort: str = "when", has_errors: bool | None = None
) -> list[dict[str, Any]]:
    """One line a waiting card of ``qs``: the card, its latest author, its findings counted and
    whether playtests have figures of it; the cards its rule set reports errors on are ``blocked``
    (they cannot be approved) and come after the others, each group in ``sort`` order.

    Two queries whatever the number of cards; the findings are the rule set's, counted in memory.
    """
    # The search columns (the longest) are left behind: neither the rules nor the page read them.
    cards = list(qs.annotate(author=last_author()).defer(*SEARCH_COLUMNS))
    played = stable_ids_with_figures(stable_ids=[c.stable_id for c in cards])
    rows = []
    for card in cards:
        findings = card_findings(card)
        errors = sum(1 for f in findings if f.is_error)
        rows.append(
            {
                "card": card,
                "author": card.author or "",
                "errors": errors,
                "warnings": len(findings) - errors,
                "findings": len(findings),
                "blocked": errors > 0,
                "played": card.stable_id in played,
                # Filled by the comment threads (issue 41): None until they count.
                "threads": None,
            }
        )
    if has_errors is not None:
        rows = [r for r in rows if r["blocked"] == has_errors]
    key, backwards = QUEUE_SORTS.get(sort, QUEUE_SORTS["when"])

    def value(row):
        if key in ("findings", "author"):
            v = row[key]
        else:
            v = getattr(row["card"], key)
        return v.casefold() if isinstance(v, str) else v

    rows.sort(key=lambda r: r["card"].pk)  # a stable tie-break under every sort
    rows.sort(key=value, reverse=backwards)
    rows.sort(key=lambda r: r["blocked"])
    return rows
