"""The API's filter backend: a list asked without any of its filters is the list, with no filter set
built; any of its parameters (even empty, or a range's longer name) goes through django-filter."""

from __future__ import annotations

import django_filters
import pytest
from rest_framework.authtoken.models import Token

from cards.filters import CardFilter
from common.api import FilterBackend, _lets_through

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"


@pytest.fixture
def built(monkeypatch):
    """The filter sets built, one entry each."""
    made = []
    original = FilterBackend.get_filterset

    def counting(self, request, queryset, view):
        filterset = original(self, request, queryset, view)
        made.append(type(filterset).__name__)
        return filterset

    monkeypatch.setattr(FilterBackend, "get_filterset", counting)
    return made


@pytest.fixture
def headers(designer, make_card):
    for n in range(3):
        make_card("vanguard", stableCardId=f"VG-F{n}", name=f"Unit {n}")
    make_card("darkrow", stableCardId="DR-F1", name="Other")
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=designer).key}"}


def test_a_list_without_filters_builds_no_filter_set_and_is_the_same_list(client, headers, built):
    plain = client.get(CARDS, {"pageSize": 3, "page": 2}, **headers)
    assert built == []
    # An empty filter goes through django-filter, which lets every card through: the same answer.
    filtered = client.get(CARDS, {"pageSize": 3, "page": 2, "game": ""}, **headers)
    assert built == ["CardFilter"]
    assert plain.status_code == filtered.status_code == 200
    # (the links to the other pages repeat the query, "game=" too)
    assert [plain.json()[key] for key in ("count", "results")] == [
        filtered.json()[key] for key in ("count", "results")
    ]
    assert plain.json()["count"] == 4 and len(plain.json()["results"]) == 1


def test_a_filter_is_applied_and_a_wrong_value_refused(client, headers, built):
    assert client.get(CARDS, {"game": "vanguard"}, **headers).json()["count"] == 3
    refused = client.get(CARDS, {"game": "nope"}, **headers)
    assert refused.status_code == 400 and "game" in refused.json()
    assert built == ["CardFilter", "CardFilter"]


class Ranged(django_filters.FilterSet):
    cost = django_filters.RangeFilter()  # read from cost_min and cost_max


class Required(django_filters.FilterSet):
    name = django_filters.CharFilter(required=True)


class OwnQueryset(django_filters.FilterSet):
    name = django_filters.CharFilter()

    @property
    def qs(self):
        return super().qs.none()


def test_a_filter_set_is_skipped_only_when_it_would_let_the_list_through():
    assert _lets_through(CardFilter, {"pageSize": "50", "page": "2"})
    assert not _lets_through(CardFilter, {"game": ""})
    assert _lets_through(Ranged, {"pageSize": "50"})
    assert not _lets_through(Ranged, {"cost_min": "2"})
    assert not _lets_through(Required, {})
    assert not _lets_through(OwnQueryset, {})
