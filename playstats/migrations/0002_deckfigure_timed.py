"""A deck's figures count the games whose length is known (``timed``): its average length is
turns / timed, where it was turns / games (a paper game recorded without its turns lowered it).

The figures already summed get theirs: a paper game's from the paper games counted, exactly; a
table's day of games is timed when its turns are not zero (a table that ended before its first turn,
on the same day and deck as played ones, is counted as timed; ``manage.py playstats --game G
--rebuild`` sums every figure again from the logs)."""

from collections import Counter

from django.db import migrations, models


def count_the_timed_games(apps, schema_editor):
    DeckFigure = apps.get_model("playstats", "DeckFigure")
    CountedGame = apps.get_model("playstats", "CountedGame")
    PaperSeat = apps.get_model("playstats", "PaperSeat")
    alias = schema_editor.connection.alias
    counted = CountedGame.objects.using(alias).filter(paper__isnull=False, paper__turns__gt=0).values("paper")
    timed = Counter()
    seats = PaperSeat.objects.using(alias).filter(game__in=counted)
    for game, format, day, deck_id, seat in seats.values_list(
        "game__game", "game__format", "game__played_on", "deck", "pk"
    ):
        deck = str(deck_id) if deck_id is not None else f"seat-{seat}"
        timed[(game, format, day, deck)] += 1
    figures = DeckFigure.objects.using(alias).filter(turns__gt=0)
    figures.filter(source="table").update(timed=models.F("games"))
    for figure in figures.filter(source="paper"):
        figure.timed = min(figure.games, timed[(figure.game, figure.format, figure.day, figure.deck)])
        figure.save(update_fields=["timed"])


class Migration(migrations.Migration):
    dependencies = [
        ("playstats", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="deckfigure",
            name="timed",
            field=models.PositiveIntegerField(
                default=0, help_text="The games whose length (turns) is known."
            ),
        ),
        migrations.RunPython(count_the_timed_games, migrations.RunPython.noop),
    ]
