"""The compact review queue (issue 45): one line a card, sorted and filtered (author, errors, play
figures), cards blocked by errors apart, paged, the detail pane of one card; 500 cards in a fixed
number of queries (the page's time is a benchmark: bench/review_queue.py)."""

from __future__ import annotations

import re

import pytest

from cards.models import Card, CardRevision, Status
from playstats.models import CardFigure
from reviews.views import QUEUE_ROWS

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def lines(page: str) -> list[str]:
    """The stable ids of the queue's lines, in their order."""
    return re.findall(r'<tr class="queueline[^"]*" data-card="([^"]+)"', page)


def bulk_cards(n: int, *, start: int = 0, blocked_every: int = 0) -> list[Card]:
    """``n`` waiting darkrow units written at once, each with a first revision by "auteur-<i % 3>";
    every ``blocked_every``-th one lacks its ATK (an error: it cannot be approved)."""
    cards = Card.objects.bulk_create(
        Card(
            stable_id=f"DR-Q{i:04d}",
            game="darkrow",
            name=f"Carte {i:04d}",
            type="UNIT",
            status=Status.NEEDS_REVIEW if i % 2 else Status.DRAFT,
            game_fields={"cost": 1, "pv": 2}
            if blocked_every and i % blocked_every == 0
            else {"cost": 1, "atk": 1, "pv": 2},
        )
        for i in range(start, start + n)
    )
    CardRevision.objects.bulk_create(
        CardRevision(card=c, version=1, action="CREATE", author_name=f"auteur-{i % 3}", snapshot={})
        for i, c in enumerate(cards, start)
    )
    return cards


def test_the_queue_lists_one_line_a_card_blocked_ones_apart(client_as, reviewer):
    bulk_cards(6, blocked_every=3)  # 0 and 3 blocked
    page = text(client_as(reviewer).get("/review/", {"game": "darkrow", "sort": "name"}))
    assert lines(page) == ["DR-Q0001", "DR-Q0002", "DR-Q0004", "DR-Q0005", "DR-Q0000", "DR-Q0003"]
    blocked = page.split('<tbody class="blocked">', 1)[1].split("</tbody>", 1)[0]
    assert "Blocked by errors: 2 cards cannot be approved" in blocked
    assert lines(blocked) == ["DR-Q0000", "DR-Q0003"]
    row = page.split('data-card="DR-Q0000"', 1)[1].split("</tr>", 1)[0]
    assert "1 error" in row and "auteur-0" in row and "Needs review" not in row and "Draft" in row
    # The pane opens the first line, with its moves (Approve open: no error).
    pane = page.split('id="pane"', 1)[1]
    assert "Carte 0001" in pane.split("</h3>", 1)[0]
    assert 'name="next" value="DR-Q0002"' in pane


def test_sorts_and_filters(client_as, reviewer):
    bulk_cards(6, blocked_every=3)
    client = client_as(reviewer)

    def ids(**params):
        return lines(text(client.get("/review/", {"game": "darkrow", **params})))

    assert ids(sort="name", author="auteur-1") == ["DR-Q0001", "DR-Q0004"]
    assert ids(sort="name", errors="true") == ["DR-Q0000", "DR-Q0003"]
    assert ids(sort="name", errors="false") == ["DR-Q0001", "DR-Q0002", "DR-Q0004", "DR-Q0005"]
    assert ids(sort="name", status="DRAFT") == ["DR-Q0002", "DR-Q0004", "DR-Q0000"]
    assert ids(sort="-when")[:4] == ["DR-Q0005", "DR-Q0004", "DR-Q0002", "DR-Q0001"]
    assert ids(sort="author", errors="false") == ["DR-Q0001", "DR-Q0004", "DR-Q0002", "DR-Q0005"]
    CardFigure.objects.create(
        game="darkrow", format="", source="table", day="2026-12-01", stable_id="DR-Q0004", version=1, games=3
    )
    assert ids(figures="true") == ["DR-Q0004"]
    assert "DR-Q0004" not in ids(figures="false") and len(ids(figures="false")) == 5
    # The author filter offers who wrote the waiting cards' latest revisions.
    page = text(client.get("/review/", {"game": "darkrow"}))
    assert '<option value="auteur-2">auteur-2</option>' in page
    # An unknown sort is the default one, never an error.
    assert client.get("/review/", {"game": "darkrow", "sort": "nonsense"}).status_code == 200


def test_a_card_asked_for_opens_in_the_pane_and_links_keep_the_filters(client_as, reviewer):
    bulk_cards(4)
    page = text(
        client_as(reviewer).get("/review/", {"game": "darkrow", "card": "DR-Q0002", "author": "auteur-2"})
    )
    assert '<tr class="queueline open" data-card="DR-Q0002"' in page
    assert "Carte 0002" in page.split('id="pane"', 1)[1].split("</h3>", 1)[0]
    # The moves post back the filters and the card opened.
    assert 'name="query" value="game=darkrow&amp;author=auteur-2&amp;card=DR-Q0002"' in page


def test_approving_from_the_pane_opens_the_next_line(client_as, reviewer):
    bulk_cards(3)
    client = client_as(reviewer)
    response = client.post(
        "/review/transition/",
        {
            "cards": ["DR-Q0000"],
            "status": "VALIDATED",
            "next": "DR-Q0001",
            "query": "game=darkrow&card=DR-Q0000",
        },
        HTTP_HX_REQUEST="true",
    )
    page = text(response)
    assert "1 card now Validated" in page
    assert '<tr class="queueline open" data-card="DR-Q0001"' in page
    assert lines(page) == ["DR-Q0001", "DR-Q0002"]


# The compact queue's queries, the same with 20 cards or 500, on any page (bench/review_queue.py
# prints them too). The reviewer's permissions are kept from their first request (studio.permissions).
QUEUE_QUERIES = 17


def test_five_hundred_cards_page_by_page_in_a_fixed_number_of_queries(
    client_as, reviewer, django_assert_num_queries
):
    bulk_cards(20, blocked_every=7)
    client = client_as(reviewer)
    client.get("/review/")  # the reviewer's permissions read, then kept

    def count(**params):
        with django_assert_num_queries(QUEUE_QUERIES) as captured:
            response = client.get("/review/", {"game": "darkrow", **params})
        assert response.status_code == 200
        return len(captured.captured_queries), text(response)

    few, _ = count()
    bulk_cards(480, start=20, blocked_every=7)
    many, page = count()
    assert few == many
    assert len(lines(page)) == QUEUE_ROWS
    assert "500 cards waiting in Darkrow" in page and "Page 1 of 10" in page
    last, page = count(page=10)
    assert last == many and len(lines(page)) == 50
    # The blocked cards (every 7th: 72 of them) end the last pages.
    assert all(int(i[-4:]) % 7 == 0 for i in lines(page))
    assert count(sort="findings", errors="true")[0] == many


def test_the_game_is_a_filter_like_the_others(client_as, reviewer, make_card):
    bulk_cards(60, blocked_every=7)
    make_card("duel", name="Duelliste")
    page = text(
        client_as(reviewer).get(
            "/review/", {"game": "darkrow", "author": "auteur-1", "sort": "name", "status": "DRAFT"}
        )
    )
    # A menu of the form, with each game's waiting cards, the current one chosen.
    menu = page.split('<select id="f-game" name="game"', 1)[1].split("</select>", 1)[0]
    assert '<option value="darkrow" selected>Darkrow (60 waiting)</option>' in menu
    assert '<option value="duel">Duel (1 waiting)</option>' in menu
    assert '<option value="chesscards">Chess cards (0 waiting)</option>' in menu
    # Another game's tab keeps the other filters; the sort and the pages keep the game and the filters.
    tabs = page.split('id="gametabs"', 1)[1].split("</nav>", 1)[0]
    assert 'href="?game=duel&amp;author=auteur-1&amp;sort=name&amp;status=DRAFT"' in tabs
    assert 'href="?game=darkrow&amp;author=auteur-1&amp;status=DRAFT&amp;sort=status"' in page
    bulk_cards(100, start=60)
    page = text(
        client_as(reviewer).get("/review/", {"game": "darkrow", "author": "auteur-1", "sort": "name"})
    )
    assert 'href="?game=darkrow&amp;author=auteur-1&amp;sort=name&amp;page=2"' in page
    # Combined with the others: only the game's cards that match them.
    duel = text(client_as(reviewer).get("/review/", {"game": "duel", "author": "auteur-1"}))
    assert lines(duel) == []
    assert lines(text(client_as(reviewer).get("/review/", {"game": "duel"}))) != []
