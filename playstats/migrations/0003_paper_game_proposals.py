"""Paper games recorded in another player's name become proposals; paper games key the matchups as
tables do (issue 47, item 5).

- A paper game whose deck belongs to another user than its recorder was counted without that
  user's knowing: its seat is now asked (``PaperSeat.answer``) and the game a proposal
  (``PaperGame.status``), counted nowhere until the owner confirms it on their proposals page.
- A seat's ``label`` is what names its side in the game's matchups, read as a table's seat reads it
  (the active Leader, the Legend, the most frequent clan: ``rules.playstats.matchup_label``), where
  paper games were keyed by deck name (one matchup split into a grid of deck names). It is read from
  the deck's pick (a deck deleted since: none) or from the card versions the seat recorded.
- The paper figures (source "paper": cards, decks, matchups) are summed again from the paper games
  that count, as ``manage.py playstats --rebuild`` would; the tables' figures are not touched.
"""

from collections import Counter
from datetime import date

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from rules import registry
from rules.playstats import paper_facts, rebuild
from rules.registry import UnknownGame

CARD_FIELDS = {
    "games": "games",
    "wins": "wins",
    "seen": "seen",
    "winsSeen": "wins_seen",
    "played": "played",
    "winsPlayed": "wins_played",
    "opening": "opening",
    "mulligans": "mulligans",
    "firstTurnSum": "first_turn_sum",
    "firstTurnGames": "first_turn_games",
}
DECK_FIELDS = {name: name for name in ("games", "wins", "losses", "turns", "timed")}
MATCHUP_FIELDS = {name: name for name in ("games", "wins", "losses")}


def _ruleset(game):
    try:
        return registry.get(game)
    except UnknownGame:
        return None


def _label(apps, alias, ruleset, seat) -> str:
    Card, DeckEntry = apps.get_model("cards", "Card"), apps.get_model("decks", "DeckEntry")
    if ruleset is None:
        return ""
    if ruleset.matchup_pick:
        pick = (
            DeckEntry.objects.using(alias).filter(deck_id=seat.deck_id, kind="PICK", section=ruleset.matchup_pick)
            .select_related("card")
            .first()
            if seat.deck_id is not None
            else None
        )
        if pick is None:
            return ""
        return (pick.card.name if pick.card_id is not None else pick.ref)[:200]
    if ruleset.matchup_field:
        fields = dict(
            Card.objects.using(alias).filter(stable_id__in=list(seat.cards)).values_list("stable_id", "game_fields")
        )
        values = Counter()
        for stable_id, (_version, copies) in seat.cards.items():
            value = (fields.get(stable_id) or {}).get(ruleset.matchup_field)
            if value:
                values[str(value)] += copies
        return min(values, key=lambda v: (-values[v], v))[:200] if values else ""
    return ""


def _facts(ruleset, paper, seats):
    cards = tuple({(sid, v): copies for sid, (v, copies) in s.cards.items()} for s in seats)
    versions = [{sid: v for sid, (v, _c) in s.cards.items()} for s in seats]
    labels = ("", "")
    if ruleset is not None and (ruleset.matchup_pick or ruleset.matchup_field):
        labels = (seats[0].label, seats[1].label)
    decks = tuple(str(s.deck_id) if s.deck_id is not None else f"seat-{s.pk}" for s in seats)
    return paper_facts(
        game=paper.game,
        format=paper.format,
        day=paper.played_on.isoformat(),
        decks=decks,
        cards=(cards[0], cards[1]),
        winner=None if paper.winner is None else paper.winner - 1,
        turns=paper.turns,
        seen=tuple(
            [(sid, versions[i][sid]) for sid in s.drawn if sid in versions[i]] for i, s in enumerate(seats)
        ),
        played=tuple(
            [(sid, versions[i][sid]) for sid in s.played if sid in versions[i]] for i, s in enumerate(seats)
        ),
        deck_names=(seats[0].deck_name, seats[1].deck_name),
        labels=labels,
    )


def ask_and_recount(apps, schema_editor):
    PaperGame, PaperSeat = apps.get_model("playstats", "PaperGame"), apps.get_model("playstats", "PaperSeat")
    CountedGame = apps.get_model("playstats", "CountedGame")
    alias = schema_editor.connection.alias
    figures = {
        "card": apps.get_model("playstats", "CardFigure"),
        "deck": apps.get_model("playstats", "DeckFigure"),
        "matchup": apps.get_model("playstats", "MatchupFigure"),
    }
    counted = []
    for paper in PaperGame.objects.using(alias).order_by("pk").iterator(chunk_size=500):
        ruleset = _ruleset(paper.game)
        seats = sorted(PaperSeat.objects.using(alias).filter(game=paper).select_related("deck"), key=lambda s: s.index)
        for seat in seats:
            owner = seat.deck.owner_id if seat.deck is not None else None
            if paper.recorded_by_id is not None and owner is not None and owner != paper.recorded_by_id:
                seat.answer = "asked"
            seat.label = _label(apps, alias, ruleset, seat)
            seat.save(update_fields=["answer", "label"])
        if any(seat.answer == "asked" for seat in seats):
            paper.status = "proposed"
            paper.save(update_fields=["status"])
        elif len(seats) == 2:
            counted.append(_facts(ruleset, paper, seats))
    for model in figures.values():
        model.objects.using(alias).filter(source="paper").delete()
    CountedGame.objects.using(alias).filter(paper__isnull=False).delete()
    rows = {what: [] for what in figures}
    for key, values in rebuild(counted).items():
        what, game, format, source, day, *rest = key
        base = {"game": game, "format": format, "source": source, "day": date.fromisoformat(day)}
        if what == "card":
            lookup, fields = {**base, "stable_id": rest[0], "version": rest[1]}, CARD_FIELDS
        elif what == "deck":
            lookup, fields = {**base, "deck": rest[0]}, DECK_FIELDS
        else:
            kind = "deck" if what == "matchup" else "label"
            lookup, fields = {**base, "kind": kind, "side": rest[0], "other": rest[1]}, MATCHUP_FIELDS
            what = "matchup"
        counts = {fields[n]: v for n, v in values.items() if n in fields}
        rows[what].append(figures[what](**lookup, **counts))
    for what, objects in rows.items():
        figures[what].objects.using(alias).bulk_create(objects, batch_size=1000)
    CountedGame.objects.using(alias).bulk_create(
        [
            CountedGame(paper=paper, game=paper.game)
            for paper in PaperGame.objects.using(alias).filter(status="counted").only("pk", "game")
            if PaperSeat.objects.using(alias).filter(game=paper).count() == 2
        ],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0007_riftbound_sideboard"),
        ("playstats", "0002_deckfigure_timed"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="papergame",
            name="status",
            field=models.CharField(
                choices=[
                    ("counted", "Counted"),
                    ("proposed", "Waiting for an answer"),
                    ("declined", "Declined"),
                ],
                default="counted",
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="paperseat",
            name="answer",
            field=models.CharField(
                blank=True,
                choices=[
                    ("", "Nothing to answer"),
                    ("asked", "Asked"),
                    ("confirmed", "Confirmed"),
                    ("declined", "Declined"),
                ],
                default="",
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="paperseat",
            name="answered_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="paperseat",
            name="answered_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="paperseat",
            name="label",
            field=models.CharField(blank=True, default="", max_length=200),
        ),
        migrations.AddIndex(
            model_name="papergame",
            index=models.Index(fields=["recorded_by", "recorded_at"], name="paper_game_recorded"),
        ),
        migrations.AddIndex(
            model_name="paperseat",
            index=models.Index(fields=["answer", "deck"], name="paper_seat_answer"),
        ),
        migrations.RunPython(ask_and_recount, migrations.RunPython.noop, elidable=False),
    ]
