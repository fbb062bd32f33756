"""processimages: renditions for many variants in this process, with a progress bar and a batch the API shows."""

import io

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import CommandError

from artwork import services
from artwork.models import ImageBatch, Kind, Rendition, RenditionState

from .pictures import make_image

pytestmark = pytest.mark.django_db


@pytest.fixture
def variants(card, make_card, monkeypatch):
    monkeypatch.setattr(services, "_enqueue_render", lambda *a, **k: None)  # left pending, as with no worker
    other = make_card("vanguard")
    return [
        services.artwork_upload(card=card, file=io.BytesIO(make_image(seed=1))),
        services.artwork_upload(card=card, file=io.BytesIO(make_image(seed=2)), kind=Kind.REFERENCE),
        services.artwork_upload(card=other, file=io.BytesIO(make_image(seed=3))),
    ]


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("processimages", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def states(variant):
    return set(Rendition.objects.filter(variant=variant).values_list("state", flat=True))


def test_one_games_missing_renditions_with_a_progress_bar(variants):
    out, err = run("--game", "darkrow", "--missing")
    assert "2 of 2 images have their renditions, 0 failed" in out
    assert "2/2" in err and "image" in err  # tqdm's bar
    assert states(variants[0]) == states(variants[1]) == {RenditionState.READY}
    assert states(variants[2]) == {RenditionState.PENDING}
    batch = ImageBatch.objects.get()
    assert (batch.game, batch.only_missing, batch.state, batch.done) == ("darkrow", True, "DONE", 2)


def test_missing_skips_what_is_made_and_without_it_everything_is_remade(variants):
    run("--missing")
    out, _ = run("--missing")
    assert "0 of 0 images" in out
    run()
    assert set(Rendition.objects.values_list("attempts", flat=True)) == {2}


def test_failures_are_listed_and_the_exit_status_says_so(variants):
    default_storage.delete(variants[1].file.name)
    with pytest.raises(
        CommandError, match="1 image\\(s\\) failed; fix them and run the command again with --missing"
    ):
        run("--game", "darkrow")
    batch = ImageBatch.objects.get()
    assert (batch.done, batch.failed) == (1, 1)


def test_an_unknown_game_is_unusable_input(db):
    with pytest.raises(CommandError, match="chess is not a game; use one of chesscards") as caught:
        run("--game", "chess")
    assert caught.value.returncode == 2
    assert not ImageBatch.objects.exists()
