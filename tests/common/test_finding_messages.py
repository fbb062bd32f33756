"""common.finding_messages: the words a page shows for a param's key (a deck section) fill the message."""


def test_a_message_names_a_section_by_the_words_the_page_shows_in_every_language():
    from django.utils import translation

    from common.finding_messages import message

    finding = {
        "code": "DECK_SIZE",
        "message": "main has 5 cards; it must have exactly 40",
        "params": {"section": "main", "observed": 5, "expected": 40},
    }
    names = {"section": {"main": "Main deck"}}
    with translation.override("en"):
        assert message(finding) == "main has 5 cards; it must have exactly 40"  # the core's own
        assert message(finding, names=names) == "Main deck has 5 cards; it must have exactly 40"
        assert message(finding, names={"section": {"side": "Side deck"}}) == finding["message"]
    with translation.override("fr"):
        assert message(finding, names={"section": {"main": "Deck principal"}}).startswith(
            "Deck principal\xa0: "
        )
