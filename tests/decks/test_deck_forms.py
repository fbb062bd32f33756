"""The deck builder's forms post to the deck's own routes: the panel reverses each address once, not
in each row (templates/decks/_deck.html, _results.html); every form's action and hx-post still name
the route of what it changes, on this deck."""

from __future__ import annotations

import re

from django.urls import reverse

FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*?hx-post="([^"]*)"')


def test_every_form_of_the_owners_builder_posts_to_its_route_on_this_deck(client_as, playtester, duel_deck):
    page = client_as(playtester).get(reverse("decks:detail", args=[duel_deck.pk]), {"q": "example"})
    forms = FORM.findall(page.content.decode())
    routes = {
        reverse(f"decks:{name}", args=[duel_deck.pk]): name for name in ("add", "entry", "move", "pick")
    }
    used = [routes.get(action) for action, hx_post in forms if action == hx_post]
    assert len(used) == len(forms), "a form whose hx-post is not its action"
    assert None not in used, [action for action, _ in forms if action not in routes]
    # A search result each (add), a stepper and a remover each entry (entry).
    assert used.count("entry") == 2 * duel_deck.entries.count(), used
    assert used.count("add") >= 1, used
