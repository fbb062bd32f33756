"""Reads of the card pages: counts per game and facets, each one aggregate query."""

import pytest

from cards import selectors, services
from cards.models import Card, Status
from rules import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def cards(make_card, reviewer):
    made = [
        make_card("darkrow", name="Agasa", archetypes=["Gadgets"], set="DR01"),
        make_card("darkrow", name="Conan", archetypes=["Gadget", "Lycéen"], set="DR01"),
        make_card("darkrow", name="Gin", type="LEADER", cost=None, atk=None, pv=None),
        make_card("vanguard", name="Blaster Blade", origin="AI"),
    ]
    services.card_set_status(stable_id=made[0].stable_id, status=Status.VALIDATED, user=reviewer)
    services.card_update(stable_id=made[3].stable_id, data={"power": 10000})
    return made


def test_card_counts_by_game_status_and_provenance_in_one_query(
    cards, designer, playtester, django_assert_num_queries
):
    with django_assert_num_queries(3):  # the query, and the designer's permissions (2)
        counts = selectors.card_counts(user=designer)
    assert list(counts) == registry.keys()
    darkrow, vanguard = counts["darkrow"], counts["vanguard"]
    assert (darkrow.total, darkrow.by_status["DRAFT"], darkrow.by_status["VALIDATED"]) == (3, 2, 1)
    assert ("VALIDATED", "Validated", 1) in darkrow.statuses()
    assert (vanguard.by_origin["AI"], vanguard.by_method["MANUAL"], vanguard.modified) == (1, 1, 1)
    assert counts["duel"].total == 0
    assert selectors.card_counts(user=playtester)["darkrow"].total == 1


def test_facets_count_types_statuses_sets_and_archetype_keys(cards, django_assert_num_queries):
    with django_assert_num_queries(1):
        facets = selectors.card_facets(Card.objects.filter(game="darkrow"))
    assert facets.games == [("darkrow", 3)]
    assert facets.types == [("UNIT", 2), ("LEADER", 1)]
    assert facets.statuses == [("DRAFT", 2), ("VALIDATED", 1)]
    assert facets.sets == [("DR01", 2)]
    assert facets.archetypes == [("GADGET", 2), ("LYCEEN", 1)]


def test_revisions_since_a_version(cards):
    agasa = Card.objects.get(name="Agasa")
    assert [r.version for r in selectors.revisions_since(card=agasa, version=1)] == [2]
