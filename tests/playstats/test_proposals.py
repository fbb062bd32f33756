"""Paper games recorded in another player's name (issue 47, item 5): a game against another user's
deck is a proposal that user confirms or declines, counted nowhere until confirmed; a deck against
itself is refused; the same game sent again at once is one game; the deck matchups name only the
decks the reader may open; table and paper games key the identity matchups the same way."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone

from common.errors import Conflict, InvalidInput
from playstats import services
from playstats.models import CountedGame, DeckFigure, MatchupFigure, PaperGame, PaperSeat
from playstats.selectors import OTHER, deck_record, matchup_grid, paper_proposals

from .test_services import finished_vanguard_game

pytestmark = pytest.mark.django_db


def test_a_game_against_another_players_deck_counts_only_once_they_confirm(playtester, opponent, make_deck):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    for _ in range(20):  # the same loss recorded against their deck, twenty times at once
        paper = services.paper_game_record(user=playtester, decks=[mine, theirs], winner=1, turns=6)
    assert PaperGame.objects.count() == 1 and paper.status == PaperGame.Status.PROPOSED
    assert paper.seats.get(index=2).answer == PaperSeat.Answer.ASKED
    assert paper.seats.get(index=1).answer == PaperSeat.Answer.NONE
    # Counted nowhere: neither deck's record, nor the figures, nor a rebuild.
    assert not CountedGame.objects.exists() and not DeckFigure.objects.exists()
    assert deck_record(deck_id=theirs.pk)["games"] == 0 and deck_record(deck_id=mine.pk)["games"] == 0
    assert services.playstats_rebuild(game="duel") == 0
    assert [p["id"] for p in paper_proposals(user=opponent)["asked"]] == [paper.pk]
    assert [p["id"] for p in paper_proposals(user=playtester)["sent"]] == [paper.pk]
    assert paper_proposals(user=playtester)["asked"] == []
    # Only the owner of the asked deck answers: not the recorder, not a third player.
    for who in (playtester,):
        with pytest.raises(PaperGame.DoesNotExist):
            services.paper_game_answer(user=who, paper_id=paper.pk, confirm=True)
    confirmed = services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=True)
    assert confirmed.status == PaperGame.Status.COUNTED
    assert deck_record(deck_id=theirs.pk)["losses"] == 1 and deck_record(deck_id=mine.pk)["wins"] == 1
    # The same answer again changes nothing; another is refused: an answer is final.
    services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=True)
    with pytest.raises(Conflict) as refused:
        services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=False)
    assert refused.value.findings[0].code == "PAPER_GAME_ANSWERED"
    assert deck_record(deck_id=theirs.pk)["games"] == 1 and CountedGame.objects.count() == 1
    assert paper_proposals(user=opponent)["asked"] == [] and paper_proposals(user=playtester)["sent"] == []
    assert services.playstats_rebuild(game="duel") == 1


def test_a_declined_game_is_counted_nowhere(playtester, opponent, make_deck, make_user):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    paper = services.paper_game_record(user=playtester, decks=[mine, theirs], winner=1)
    with pytest.raises(PaperGame.DoesNotExist):
        services.paper_game_answer(user=make_user("playtester"), paper_id=paper.pk, confirm=False)
    declined = services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=False)
    assert declined.status == PaperGame.Status.DECLINED
    assert not services.playstats_count_paper(paper_id=paper.pk)
    assert services.playstats_rebuild(game="duel") == 0 and not DeckFigure.objects.exists()
    sent = paper_proposals(user=playtester)["sent"]
    assert [(p["id"], p["status"], p["seats"][1]["answer"]) for p in sent] == [
        (paper.pk, "declined", "declined")
    ]


def test_a_game_of_the_recorders_own_decks_counts_at_once(playtester, make_deck):
    one, two = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    paper = services.paper_game_record(user=playtester, decks=[one, two], winner=2)
    assert paper.status == PaperGame.Status.COUNTED and CountedGame.objects.filter(paper=paper).exists()
    assert {s.answer for s in paper.seats.all()} == {PaperSeat.Answer.NONE}


def test_a_deck_against_itself_is_refused(playtester, make_deck):
    deck = make_deck(playtester, "duel")
    with pytest.raises(InvalidInput) as refused:
        services.paper_game_record(user=playtester, decks=[deck, deck], winner=1)
    finding = refused.value.findings[0]
    assert finding.code == "PAPER_GAME_INVALID" and finding.params["problem"] == "sameDeck"
    assert not PaperGame.objects.exists()


def test_the_same_game_sent_again_within_the_window_is_one_game(playtester, make_deck):
    one, two = make_deck(playtester, "duel"), make_deck(playtester, "duel", second=True)
    first = services.paper_game_record(user=playtester, decks=[one, two], winner=1, turns=5)
    again = services.paper_game_record(user=playtester, decks=[one, two], winner=1, turns=5)
    assert again.pk == first.pk and again.duplicate and not first.duplicate
    assert DeckFigure.objects.get(deck=str(one.pk)).games == 1
    # Another result, another length, other decks' order: another game.
    assert services.paper_game_record(user=playtester, decks=[one, two], winner=2, turns=5).pk != first.pk
    assert services.paper_game_record(user=playtester, decks=[two, one], winner=1, turns=5).pk != first.pk
    # The same game once the window passed: a game played again.
    later = timezone.now() + services.DUPLICATE_WINDOW + dt.timedelta(seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert services.paper_game_record(user=playtester, decks=[one, two], winner=1, turns=5).pk != first.pk
    assert DeckFigure.objects.get(deck=str(one.pk)).games == 4


def test_deck_matchups_name_only_the_decks_the_reader_may_open(playtester, opponent, make_deck, make_user):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    their_other = make_deck(opponent, "duel")
    paper = services.paper_game_record(user=playtester, decks=[mine, theirs], winner=1)
    services.paper_game_answer(user=opponent, paper_id=paper.pk, confirm=True)
    services.paper_game_record(user=opponent, decks=[theirs, their_other], winner=2)
    grid = matchup_grid(game="duel", kind="deck", user=playtester)
    assert grid["sides"] == [str(mine.pk), OTHER]
    assert grid["names"] == {str(mine.pk): mine.name}
    assert grid["cells"][str(mine.pk)][OTHER].successes == 1
    # Their two decks' game is folded into one "other decks" cell: no id, no name, no rate of theirs.
    assert grid["cells"][OTHER][OTHER].trials == 2 and grid["cells"][OTHER][str(mine.pk)].trials == 1
    theirs_seen = matchup_grid(game="duel", kind="deck", user=opponent)
    assert theirs_seen["sides"] == sorted([str(theirs.pk), str(their_other.pk)]) + [OTHER]
    reviewer = make_user("reviewer")
    assert OTHER not in matchup_grid(game="duel", kind="deck", user=reviewer)["sides"]
    record = deck_record(deck_id=mine.pk, user=playtester)
    assert [(m["other"], m["name"], m["games"]) for m in record["matchups"]] == [(OTHER, None, 1)]


def test_table_and_paper_games_key_the_identity_matchups_the_same_way(playtester, make_deck):
    """Tables keyed by clan and paper games by deck name split one matchup into a 4 x 4 grid."""
    table, _card, _first = finished_vanguard_game(playtester, make_deck)
    services.playstats_count_table(table_id=table.pk)
    decks = [s.deck for s in table.seats.order_by("index")]
    from decks.models import Deck

    full = list(Deck.objects.filter(pk__in=[d.pk for d in decks]).prefetch_related("entries__card"))
    by_id = {d.pk: d for d in full}
    services.paper_game_record(user=playtester, decks=[by_id[decks[0].pk], by_id[decks[1].pk]], winner=1)
    sides = set(MatchupFigure.objects.filter(kind="label").values_list("side", flat=True))
    assert sides == {"Royal Paladin", "Kagero"}, sides
    grid = matchup_grid(game="vanguard", kind="label")
    assert sorted(grid["sides"]) == ["Kagero", "Royal Paladin"]
    assert sum(cell.trials for row in grid["cells"].values() for cell in row.values()) == 4


# --- the routes -----------------------------------------------------------------------------------
def test_the_api_proposes_confirms_declines_and_refuses_a_deck_against_itself(
    client_as, api, playtester, opponent, make_deck, make_user
):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    me, them = api(playtester), api(opponent)
    body = {"decks": [mine.pk, theirs.pk], "winner": 2, "turns": 7, "notes": "at the club"}
    made = me.post("/api/playstats/paper-games/", body, format="json")
    assert made.status_code == 201 and made.json()["status"] == "proposed" and not made.json()["duplicate"]
    again = me.post("/api/playstats/paper-games/", body, format="json")
    assert again.status_code == 200 and again.json()["duplicate"] and again.json()["id"] == made.json()["id"]
    itself = me.post("/api/playstats/paper-games/", {"decks": [mine.pk, mine.pk], "winner": 1}, format="json")
    assert itself.status_code == 400 and itself.json()["errors"][0]["params"]["problem"] == "sameDeck"
    listed = them.get("/api/playstats/paper-games/proposals/").json()
    (asked,) = listed["asked"]
    assert listed["sent"] == [] and asked["id"] == made.json()["id"] and asked["recordedBy"] == "paula"
    assert [s["answer"] for s in asked["seats"]] == ["", "asked"] and asked["notes"] == "at the club"
    assert [p["id"] for p in me.get("/api/playstats/paper-games/proposals/").json()["sent"]] == [asked["id"]]
    url = f"/api/playstats/paper-games/{asked['id']}/"
    assert me.post(url + "confirm/").status_code == 404  # the recorder does not vouch for their opponent
    assert api(make_user("playtester")).post(url + "decline/").status_code == 404
    assert api().post(url + "confirm/").status_code in (401, 403)
    confirmed = them.post(url + "confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "counted"
    assert me.get(f"/api/playstats/decks/{mine.pk}/").json()["losses"] == 1
    late = them.post(url + "decline/")
    assert late.status_code == 409 and late.json()["errors"][0]["code"] == "PAPER_GAME_ANSWERED"
    grid = me.get("/api/playstats/duel/matchups/", {"kind": "deck"}).json()
    assert grid["sides"] == [str(mine.pk), OTHER] and grid["names"] == {str(mine.pk): mine.name}
    assert set(grid["cells"]) == {str(mine.pk), OTHER} and set(grid["cells"][OTHER]) == {str(mine.pk)}


def test_the_proposals_page_confirms_and_declines_in_each_language(
    client_as, playtester, opponent, make_deck
):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    first = services.paper_game_record(user=playtester, decks=[mine, theirs], winner=1, notes="round 1")
    second = services.paper_game_record(user=playtester, decks=[mine, theirs], winner=2, notes="round 2")
    client = client_as(opponent)
    page = client.get("/stats/paper/proposals/")
    assert page.status_code == 200
    assert f'id="paper-{first.pk}"' in page.text and f'id="paper-{second.pk}"' in page.text
    assert "round 1" in page.text and 'value="confirm"' in page.text and 'value="decline"' in page.text
    done = client.post("/stats/paper/proposals/", {"game": first.pk, "action": "confirm"}, follow=True)
    assert "is confirmed: it is counted" in done.text and f'id="paper-{first.pk}"' not in done.text
    for language, words in (("fr", "refusée"), ("ru", "отклонена")):
        said = client.post(
            "/stats/paper/proposals/",
            {"game": second.pk, "action": "decline"},
            follow=True,
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert words in said.text, (language, said.text[-3000:])
        assert "Waiting for your answer" not in said.text  # the page itself in that language
    assert PaperGame.objects.get(pk=second.pk).status == PaperGame.Status.DECLINED
    bad = client.post("/stats/paper/proposals/", {"game": "１", "action": "confirm"}, follow=True)
    assert "Choose a game" in bad.text
    # The recorder sees the answer among the games they sent.
    sent = client_as(playtester).get("/stats/paper/proposals/", HTTP_ACCEPT_LANGUAGE="ru")
    assert f'id="paper-{second.pk}"' in sent.text and f'id="paper-{first.pk}"' not in sent.text


def test_the_paper_form_records_a_game_against_another_players_deck_as_a_proposal(
    client_as, playtester, opponent, make_deck
):
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)
    client = client_as(playtester)
    form = client.get("/stats/paper/")
    assert 'name="opponent_other"' in form.text
    response = client.post(
        "/stats/paper/",
        {
            "deck": mine.pk,
            "opponent": mine.pk,
            "opponent_other": f"#{theirs.pk}",
            "winner": "1",
            "turns": "4",
        },
        follow=True,
    )
    assert response.status_code == 200 and "counts once the owner of" in response.text
    paper = PaperGame.objects.get()
    assert paper.status == PaperGame.Status.PROPOSED and paper.seats.get(index=2).deck_id == theirs.pk
    itself = client.post("/stats/paper/", {"deck": mine.pk, "opponent": mine.pk, "winner": "1"})
    assert itself.status_code == 400 and PaperGame.objects.count() == 1
    nowhere = client.post("/stats/paper/", {"deck": mine.pk, "opponent_other": "999999", "winner": "1"})
    assert nowhere.status_code == 400 and "No deck has the number 999999" in nowhere.text
    waiting = client_as(opponent).get("/stats/paper/")
    assert "1 game recorded against your decks waits for your answer" in waiting.text


@pytest.mark.django_db(transaction=True)
def test_the_same_game_sent_at_once_from_many_requests_is_one_game(playtester, opponent, make_deck):
    """Twenty requests at the same moment (PostgreSQL: one recording of a user at a time; SQLite's
    transactions are one at a time already)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("threads share SQLite's in-memory test database badly; its writes are serial anyway")
    mine, theirs = make_deck(playtester, "duel"), make_deck(opponent, "duel", second=True)

    def send(_n):
        try:
            return services.paper_game_record(user=playtester, decks=[mine, theirs], winner=1, turns=3).pk
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=8) as pool:
        ids = set(pool.map(send, range(20)))
    assert len(ids) == 1 and PaperGame.objects.count() == 1
