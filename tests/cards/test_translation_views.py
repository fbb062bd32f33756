"""The translation pages: the editor beside its source, the reviewers' queue, the card page's panel."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards import services
from cards.models import CardTranslation
from cards.translations import translation_save, translation_set_status

pytestmark = pytest.mark.django_db

RU = {"name": "Тояма Кадзуха", "text": "Возьмите карту.", "archetypes": ["Школьница"]}


@pytest.fixture
def kazuha(make_card, designer):
    return make_card("darkrow", user=designer, text="Piochez une carte.", archetypes=["Lycéenne"])


def edit_url(card, language="ru"):
    return reverse("cards:translation", args=[card.stable_id, language])


def test_the_editor_shows_the_source_beside_the_form_and_saves(client_as, kazuha, designer):
    client = client_as(designer)
    page = client.get(edit_url(kazuha)).content.decode()
    assert "Piochez une carte." in page and 'name="name"' in page and 'lang="fr"' in page
    answer = client.post(
        edit_url(kazuha),
        {"name": RU["name"], "text": RU["text"], "archetypes": "Школьница\n", "version": "0"},
    )
    assert answer.status_code == 302
    translation = CardTranslation.objects.get()
    assert (translation.name, translation.archetypes, translation.source_version) == (
        RU["name"],
        ["Школьница"],
        1,
    )


def test_a_bad_save_keeps_what_was_typed_and_says_why(client_as, kazuha, designer):
    answer = client_as(designer).post(edit_url(kazuha), {"name": "", "text": "Мой текст"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Мой текст" in page and 'role="alert"' in page
    assert not CardTranslation.objects.exists()


def test_a_stale_translation_shows_the_sources_diff_and_no_validate(client_as, kazuha, designer, reviewer):
    translation_save(stable_id=kazuha.stable_id, language="ru", data=RU, user=designer)
    services.card_update(stable_id=kazuha.stable_id, data={"text": "Piochez deux cartes."}, user=designer)
    page = client_as(reviewer).get(edit_url(kazuha)).content.decode()
    assert (
        'id="stale-badge"' in page
        and "Piochez <del>une</del><ins>deux</ins> <del>carte</del><ins>cartes</ins>." in page
    )
    assert 'value="VALIDATED" class="primary" disabled' in page


def test_both_pages_diff_an_appended_sentence_by_word_under_labels_in_the_readers_language(
    client_as, kazuha, designer, reviewer
):
    """Issue 45 item 3: the translation page and the review queue mark only the new words, under
    « Texte », not the whole paragraph struck out and inserted again under "text"."""
    translation_save(stable_id=kazuha.stable_id, language="ru", data=RU, user=designer)
    services.card_set_status(stable_id=kazuha.stable_id, status="VALIDATED", user=reviewer)
    services.card_update(
        stable_id=kazuha.stable_id, data={"text": "Piochez une carte. Puis défaussez-en une."}, user=designer
    )
    client = client_as(reviewer)
    page = client.get(edit_url(kazuha), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    diff = page.split('class="diff worddiff"', 1)[1].split("</dl>", 1)[0]
    assert "Piochez une carte.<ins> Puis défaussez-en une.</ins>" in diff
    assert "<del>" not in diff and '<dt title="text">Texte</dt>' in diff
    queue = client.get(
        "/review/", {"game": "darkrow", "card": kazuha.stable_id}, HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    row = queue.split('<span title="text">', 1)[1].split("</tr>", 1)[0]
    assert (
        row.startswith("Texte</span>") and "<ins> Puis défaussez-en une.</ins>" in row and "<del>" not in row
    )


def test_playtesters_have_no_editor_and_the_card_language_has_none(client_as, kazuha, playtester, designer):
    assert client_as(playtester).get(edit_url(kazuha)).status_code == 403
    assert client_as(designer).get(edit_url(kazuha, "fr")).status_code == 404


def test_the_review_queue_lists_translations_beside_their_source_and_moves_them(
    client_as, kazuha, designer, reviewer
):
    translation_save(stable_id=kazuha.stable_id, language="ru", data=RU, user=designer)
    client = client_as(reviewer)
    page = client.get(reverse("cards:translation-review")).content.decode()
    assert RU["name"] in page and "Piochez une carte." in page
    # The printed labels too, on both sides: a reviewer checks every printed text before validating.
    assert "Lycéenne" in page and "Школьница" in page
    answer = client.post(
        reverse("cards:translation-status", args=[kazuha.stable_id, "ru"]),
        {"status": "VALIDATED", "next": reverse("cards:translation-review")},
    )
    assert answer.status_code == 302 and answer["Location"] == reverse("cards:translation-review")
    assert CardTranslation.objects.get().status == "VALIDATED"
    assert RU["name"] not in client.get(reverse("cards:translation-review")).content.decode()


def test_the_translations_queue_reads_its_cards_at_once(
    client_as, make_card, designer, reviewer, django_assert_max_num_queries
):
    def add(n):
        for i in range(n):
            card = make_card("darkrow", user=designer, text=f"Texte {i}.")
            translation_save(
                stable_id=card.stable_id, language="ru", data={"name": f"Карта {i}"}, user=designer
            )

    client = client_as(reviewer)
    client.get(reverse("cards:translation-review"))  # the reviewer's permissions read, then kept

    def count():
        with django_assert_max_num_queries(6) as captured:  # session (and stamp), user, groups, queue
            assert client.get(reverse("cards:translation-review")).status_code == 200
        return len(captured.captured_queries)

    add(2)
    few = count()
    add(10)
    assert count() == few


def test_a_russian_playtester_reads_the_validated_russian_card_first(
    client_as, kazuha, designer, reviewer, playtester
):
    services.card_set_status(stable_id=kazuha.stable_id, status="NEEDS_REVIEW", user=designer)
    services.card_set_status(stable_id=kazuha.stable_id, status="VALIDATED", user=reviewer)
    translation_save(stable_id=kazuha.stable_id, language="ru", data=RU, user=designer)
    client = client_as(playtester)
    detail = reverse("cards:detail", args=[kazuha.stable_id])
    page = client.get(detail, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'id="reader-translation"' not in page and RU["text"] not in page  # not validated yet
    translation_set_status(stable_id=kazuha.stable_id, language="ru", status="VALIDATED", user=reviewer)
    page = client.get(detail, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'id="reader-translation"' in page and RU["text"] in page
    assert "Piochez une carte." in page  # the source stays on the page
