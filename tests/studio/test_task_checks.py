"""Every task name the code enqueues is registered (issue 42 item 3): a system check."""

from django.core.checks.registry import registry

from studio.celery import app
from studio.task_checks import _project_sources, check_enqueued_task_names, enqueued_names, unknown_task_names

PLANTED = """
from common.enqueue import enqueue_on_commit, send as send_now

def later(pk):
    enqueue_on_commit("decks.revalidat", pk)
    send_now("studio.ping")
"""


def test_a_misspelt_task_name_is_an_error_that_says_where(tmp_path):
    planted = tmp_path / "services.py"
    planted.write_text(PLANTED, encoding="utf-8")
    [error] = unknown_task_names([planted], set(app.tasks))
    assert error.id == "studio.E101"
    assert "'decks.revalidat'" in error.msg
    assert f"{planted}:5" in error.msg


def test_names_are_read_only_from_the_enqueue_functions():
    source = (
        'import os\nfrom common.enqueue import enqueue_on_commit\nos.send("x")\nenqueue_on_commit("a.b", 1)\n'
    )
    assert list(enqueued_names(source)) == [("a.b", 4)]


def test_every_name_the_studio_enqueues_is_a_registered_task():
    found = {name for path in _project_sources() for name, _ in enqueued_names(path.read_text("utf-8"))}
    # Not vacuous: the apps' senders are all read (artwork, cards, decks, faces, reviews, tables).
    assert {"decks.revalidate", "reviews.audit", "artwork.render", "playstats.count_table"} <= found
    assert check_enqueued_task_names() == []


def test_manage_py_check_runs_it():
    assert check_enqueued_task_names in registry.get_checks()
