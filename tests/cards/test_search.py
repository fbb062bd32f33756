"""The query language against the database."""

import pytest

from cards import services
from cards.models import Card
from cards.query import QueryError
from cards.search import card_find, card_search
from tests import module_data


def names(text, game=None):
    return sorted(card_search(Card.objects.all(), text, game=game).values_list("name", flat=True))


class TestCatalogue:
    """The query language over one catalogue, built once for the class's tests (tests/module_data.py:
    each starts from it in a savepoint of its own; the module's other tests never find it)."""

    @pytest.fixture(scope="class")
    @classmethod
    def built(cls, request, django_db_setup, django_db_blocker, tmp_path_factory):
        with module_data.built_once(request, django_db_blocker, tmp_path_factory):

            def make(game, **data):
                return services.card_create(game=game, data=data)

            cards = {
                "kazuha": make(
                    "darkrow",
                    name="Toyama Kazuha",
                    type="UNIT",
                    cost=3,
                    atk=4,
                    pv=3,
                    archetypes=["Lycéenne", "Amie d’enfance", "Artiste martial"],
                    text="Rapide : déployer une unité citant Hattori Heiji ou Mouri Ran.",
                ),
                "vodka": make("darkrow", name="Vodka", type="UNIT", cost=6, atk=6, pv=6),
                "leader": make("darkrow", name="Chianti & Korn", type="LEADER", text="Recherche Sniper."),
                "gadget": make(
                    "darkrow", name="Agasa", type="UNIT", cost=2, atk=1, pv=2, archetypes=["Gadgets"]
                ),
                "blade": make(
                    "vanguard", name="Blaster Blade", type="NORMAL_UNIT", set="TD01", grade=2, power=9000
                ),
                "heal": make(
                    "vanguard",
                    name="Yggdrasil Maiden, Elaine",
                    type="TRIGGER_UNIT",
                    set="BT01",
                    grade=0,
                    power=5000,
                    trigger="HEAL",
                    sentinel=False,
                ),
                "echange": make(
                    "chesscards", name="Échange équivalent", type="CARD", text="Échange une de tes Pièces"
                ),
            }
            yield cards

    @pytest.fixture
    def catalogue(self, built, db):
        """The class's catalogue (``built``), its cards read again for the test."""
        return {key: module_data.fresh(card) for key, card in built.items()}

    def test_the_issue_example_and_free_words(self, catalogue):
        assert names("t:unit cost<=3 arch:lyceenne kazuha") == ["Toyama Kazuha"]
        assert names('t:unit cites:"Hattori Heiji"') == ["Toyama Kazuha"]

    def test_numbers_compare_and_empty_values_never_match(self, catalogue):
        assert names("game:darkrow cost<=3") == ["Agasa", "Toyama Kazuha"]
        assert names("game:darkrow cost>3") == ["Vodka"]
        assert names("game:darkrow cost!=6") == ["Agasa", "Toyama Kazuha"]
        assert names("grade=0") == ["Yggdrasil Maiden, Elaine"]

    def test_accents_and_case_are_ignored(self, catalogue):
        assert names("echange EQUIVALENT") == ["Échange équivalent"]
        assert names('name:"echange equivalent"') == ["Échange équivalent"]
        assert names("o:pieces") == ["Échange équivalent"]

    def test_archetype_aliases_apply(self, catalogue):
        assert names("arch:gadget game:darkrow") == ["Agasa"]

    def test_enum_and_boolean_fields(self, catalogue):
        assert names("trigger:heal") == ["Yggdrasil Maiden, Elaine"]
        assert names("set:td01") == ["Blaster Blade"]
        assert names("t:trigger -trigger:heal") == []

    def test_type_equals_is_the_exact_type(self, catalogue):
        assert names("t:unit game:vanguard") == ["Blaster Blade", "Yggdrasil Maiden, Elaine"]
        assert names("t=unit") == ["Agasa", "Toyama Kazuha", "Vodka"]
        assert names("t!=unit game:darkrow") == ["Chianti & Korn"]

    def test_numbers_too_large_for_a_database_are_refused(self, catalogue):
        with pytest.raises(QueryError, match="too large a number"):
            names("cost<=99999999999999999999999")

    def test_negation_or_status_and_provenance(self, catalogue):
        assert names("game:darkrow -t:unit") == ["Chianti & Korn"]
        assert names("t:leader or trigger:heal") == ["Chianti & Korn", "Yggdrasil Maiden, Elaine"]
        assert len(names("status:draft")) == 7
        assert names("status:validated") == []
        assert len(names("method:manual")) == 7
        assert names("is:ai") == []

    def test_cites_keeps_the_seeds_meaning(self, catalogue):
        assert names("cites:Chianti") == []  # "Chianti & Korn" is a composite identity

    @pytest.mark.parametrize(
        "text, message",
        [
            ("colour:red", "unknown key 'colour'"),
            ("cost<=many", "cost is a number"),
            ("status:finished", "use draft, review, validated or disabled"),
            ("game:chess", "the games are"),
            ("t<3", "t takes ':', '=' or '!='"),
            ("id>DR-1", "id takes ':', '=' or '!='"),
            ("order:colour", "order:colour is not something"),
            ("lang:de", "use one of en, fr, ru"),
            ('cites:"..."', "is not a name"),
            ("'", "no letter or digit"),
            ("trigger>2", "trigger is not a number"),
        ],
    )
    def test_errors_say_what_to_fix(self, catalogue, text, message):
        with pytest.raises(QueryError, match=message):
            names(text)

    def test_every_error_names_its_column(self, catalogue):
        with pytest.raises(QueryError) as caught:
            names("game:darkrow colour:red")
        assert caught.value.column == 14
        assert str(caught.value).startswith("column 14: unknown key 'colour'")

    def test_phrases_must_stand_together_in_order(self, catalogue):
        assert names('"echange equivalent"') == ["Échange équivalent"]
        assert names('"equivalent echange"') == []
        assert names('o:"une de tes"') == ["Échange équivalent"]
        assert names('o:"tes une"') == []

    def test_groups_negation_and_explicit_and(self, catalogue):
        assert names("game:darkrow (t:leader or cost>=6)") == ["Chianti & Korn", "Vodka"]
        assert names("game:darkrow -(t:unit)") == ["Chianti & Korn"]
        assert names("game:darkrow -(t:unit cost<=3)") == ["Chianti & Korn", "Vodka"]
        assert names("vodka and t:unit") == ["Vodka"]
        assert names("vodka AND t:leader") == []
        assert names("t:leader OR trigger:heal") == ["Chianti & Korn", "Yggdrasil Maiden, Elaine"]

    def test_exact_name(self, catalogue):
        assert names('!"blaster blade"') == ["Blaster Blade"]
        assert names('!"Blaster"') == []
        assert names("!vodka") == ["Vodka"]
        assert names('-!"Vodka" game:darkrow') == ["Agasa", "Chianti & Korn", "Toyama Kazuha"]

    def test_name_and_text_keys_look_only_at_their_column(self, catalogue):
        assert names("name:agasa") == ["Agasa"]
        assert names("o:sniper") == ["Chianti & Korn"]
        assert names("name:sniper") == []
        assert names("o:vodka") == []

    def test_short_words_match_at_a_word_start(self, catalogue):
        assert names("game:darkrow ag") == ["Agasa"]  # a word starting with "ag"
        assert names("game:darkrow sa") == []  # "Agasa" has "sa" inside a word only
        assert names("game:darkrow n:v") == []  # a one-letter word stands alone
        assert names('o:"ou"') == ["Toyama Kazuha"]  # "ou" is a whole word of its text

    def test_language_of_the_game(self, catalogue):
        assert names("lang:ru") == ["Blaster Blade", "Yggdrasil Maiden, Elaine"]
        assert len(names("lang:fr")) == 5

    def test_cites_in_sql_keeps_the_seeds_meaning(self, catalogue):
        assert names("cites:Chianti") == []
        assert names('cites:"Chianti & Korn"') == ["Chianti & Korn"]
        assert names("cites:heiji") == ["Toyama Kazuha"]
        assert names("cites:heij") == []  # whole words only
        assert names("-cites:heiji game:darkrow") == ["Agasa", "Chianti & Korn", "Vodka"]

    def test_order_and_direction(self, catalogue):
        qs, ordered = card_find(Card.objects.all(), "game:darkrow t:unit order:cost direction:desc")
        assert ordered
        assert list(qs.values_list("name", flat=True)) == ["Vodka", "Toyama Kazuha", "Agasa"]
        qs, _ = card_find(Card.objects.all(), "game:darkrow sort:name dir:asc")
        assert list(qs.values_list("name", flat=True)) == [
            "Agasa",
            "Chianti & Korn",
            "Toyama Kazuha",
            "Vodka",
        ]
        qs, ordered = card_find(Card.objects.all(), "game:darkrow")
        assert not ordered

    def test_the_index_follows_every_write(self, catalogue):
        """Edits, bulk writes and deletes are seen by the next search (the SQLite triggers, or plain columns)."""
        card = catalogue["vodka"]
        services.card_update(stable_id=card.stable_id, data={"name": "Gin"})
        assert names("vodka") == []
        assert names("n:gin") == ["Gin"]
        Card.objects.bulk_create([Card(game="darkrow", stable_id="DR-BULK1", name="Bourbon", type="UNIT")])
        assert names("n:bourbon") == []  # bulk_create skips save(): no derived columns yet
        bulk = Card.objects.get(stable_id="DR-BULK1")
        bulk.refresh_derived()
        Card.objects.bulk_update([bulk], ["search_text", "search_name", "search_body", "archetype_index"])
        assert names("n:bourbon") == ["Bourbon"]
        Card.objects.filter(stable_id="DR-BULK1").delete()
        assert names("n:bourbon") == []


@pytest.fixture
def common_and_rare(db):
    """40 cards: "deployez" in every other text (common), "zephyrine" in one (rare)."""
    for i in range(40):
        text = ("Deployez une unite. " if i % 2 else "Piochez. ") + ("Zephyrine." if i == 7 else "")
        services.card_create(game="darkrow", data={"name": f"Carte {i:02d}", "type": "UNIT", "text": text})


def _sql_of(text):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        found = sorted(card_search(Card.objects.all(), text).values_list("name", flat=True))
    return found, " ".join(q["sql"] for q in captured.captured_queries)


def test_sqlite_scans_for_common_words_and_matches_the_index_for_rare_ones(common_and_rare):
    """SQLite: a MATCH yields every matching card before the page is cut, so a common word is
    scanned for in the page's order instead; a rare one goes through the FTS5 index. Same cards."""
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the FTS5 index is SQLite's")
    common, sql = _sql_of("deployez")
    assert len(common) == 20 and " MATCH " not in sql.upper() and "LIKE" in sql.upper()
    rare, sql = _sql_of("zephyrine")
    assert rare == ["Carte 07"] and " MATCH " in sql.upper()
    both, sql = _sql_of("zephyrine deployez")  # one rare fragment: the index for both
    assert both == ["Carte 07"] and " MATCH " in sql.upper()
    assert _sql_of('o:"une unite"')[0] == common
    assert _sql_of("piochez -deployez")[0] == sorted(set(names("piochez")) - set(common))


def test_sqlite_estimates_words_together_not_each_alone(db):
    """Two words each in half the cards but together in one: rare together, so the FTS5 index
    finds them (a scan in the page's order would read most of the table for one card); words
    often together are scanned for. The same cards either way."""
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the FTS5 index is SQLite's")
    for i in range(40):
        text = ("Ralentissez. " if i % 2 else "Pistez. ") + ("Ralentissez et pistez." if i == 8 else "")
        services.card_create(game="darkrow", data={"name": f"Piste {i:02d}", "type": "UNIT", "text": text})
    both, sql = _sql_of("ralentissez pistez")
    assert both == ["Piste 08"] and " MATCH " in sql.upper()
    often, sql = _sql_of("pistez piste")
    assert len(often) == 20 and " MATCH " not in sql.upper() and "LIKE" in sql.upper()


def test_sqlite_drops_the_old_vocabulary_view_and_keeps_the_index(db):
    """An earlier version made an fts5vocab view nobody reads any more: it is dropped where a
    database still has it, and the index, its triggers and searches stay as they are."""
    from django.db import connection

    from cards import search_index

    if connection.vendor != "sqlite":
        pytest.skip("the FTS5 index is SQLite's")

    def tables():
        with connection.cursor() as cursor:
            cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE 'cards_card_fts%'")
            return {row[0] for row in cursor.fetchall()}

    assert search_index.OLD_VOCAB not in tables()
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE VIRTUAL TABLE {search_index.OLD_VOCAB} USING fts5vocab({search_index.FTS}, row)"
        )
    assert search_index.ensure_sqlite(connection) is True
    assert search_index.OLD_VOCAB not in tables()
    assert {search_index.FTS, *search_index.TRIGGERS} <= tables()
    assert search_index.ensure_sqlite(connection) is False  # nothing left to change
    services.card_create(game="darkrow", data={"name": "Zéphyrine", "type": "UNIT", "text": "Volez."})
    assert _sql_of("zephyrine")[0] == ["Zéphyrine"]
