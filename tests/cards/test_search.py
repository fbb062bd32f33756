"""The query language against the database."""

import pytest

from cards import services
from cards.models import Card
from cards.query import QueryError
from cards.search import card_search


@pytest.fixture
def catalogue(db):
    def make(game, **data):
        return services.card_create(game=game, data=data)

    return {
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
        "gadget": make("darkrow", name="Agasa", type="UNIT", cost=2, atk=1, pv=2, archetypes=["Gadgets"]),
        "blade": make("vanguard", name="Blaster Blade", type="NORMAL_UNIT", set="TD01", grade=2, power=9000),
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


def names(text, game=None):
    return sorted(card_search(Card.objects.all(), text, game=game).values_list("name", flat=True))


def test_the_issue_example_and_free_words(catalogue):
    assert names("t:unit cost<=3 arch:lyceenne kazuha") == ["Toyama Kazuha"]
    assert names('t:unit cites:"Hattori Heiji"') == ["Toyama Kazuha"]


def test_numbers_compare_and_empty_values_never_match(catalogue):
    assert names("game:darkrow cost<=3") == ["Agasa", "Toyama Kazuha"]
    assert names("game:darkrow cost>3") == ["Vodka"]
    assert names("game:darkrow cost!=6") == ["Agasa", "Toyama Kazuha"]
    assert names("grade=0") == ["Yggdrasil Maiden, Elaine"]


def test_accents_and_case_are_ignored(catalogue):
    assert names("echange EQUIVALENT") == ["Échange équivalent"]
    assert names('name:"echange equivalent"') == ["Échange équivalent"]
    assert names("o:pieces") == ["Échange équivalent"]


def test_archetype_aliases_apply(catalogue):
    assert names("arch:gadget game:darkrow") == ["Agasa"]


def test_enum_and_boolean_fields(catalogue):
    assert names("trigger:heal") == ["Yggdrasil Maiden, Elaine"]
    assert names("set:td01") == ["Blaster Blade"]
    assert names("t:trigger -trigger:heal") == []


def test_type_equals_is_the_exact_type(catalogue):
    assert names("t:unit game:vanguard") == ["Blaster Blade", "Yggdrasil Maiden, Elaine"]
    assert names("t=unit") == ["Agasa", "Toyama Kazuha", "Vodka"]
    assert names("t!=unit game:darkrow") == ["Chianti & Korn"]


def test_numbers_too_large_for_a_database_are_refused(catalogue):
    with pytest.raises(QueryError, match="too large a number"):
        names("cost<=99999999999999999999999")


def test_negation_or_status_and_provenance(catalogue):
    assert names("game:darkrow -t:unit") == ["Chianti & Korn"]
    assert names("t:leader or trigger:heal") == ["Chianti & Korn", "Yggdrasil Maiden, Elaine"]
    assert len(names("status:draft")) == 7
    assert names("status:validated") == []
    assert len(names("method:manual")) == 7
    assert names("is:ai") == []


def test_cites_keeps_the_seeds_meaning(catalogue):
    assert names("cites:Chianti") == []  # "Chianti & Korn" is a composite identity


@pytest.mark.parametrize(
    "text, message",
    [
        ("colour:red", "unknown key 'colour'"),
        ("cost<=many", "cost is a number"),
        ("status:finished", "use draft, review, validated or disabled"),
        ("game:chess", "the games are"),
        ("t<3", "type takes ':'"),
        ("trigger>2", "trigger is not a number"),
    ],
)
def test_errors_say_what_to_fix(catalogue, text, message):
    with pytest.raises(QueryError, match=message):
        names(text)
