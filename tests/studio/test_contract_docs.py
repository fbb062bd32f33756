"""docs/FORMATS.md is the project's copy of the interchange contract: it stays in step with the code.

Every route of the URLconf under /api/ (and /healthz) and every management command of the studio's
apps is named in it, and every route and command it names exists.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.core.management import get_commands
from django.urls import URLResolver, get_resolver

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "FORMATS.md"
APPS = ("studio", "cards", "decks", "faces", "reviews", "artwork", "corrections", "common", "tables")


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def shape(route: str) -> str:
    """A route with every parameter as {} ({stableCardId}, <int:pk>, (?P<pk>[^/.]+) alike)."""
    route = route.replace("^", "").replace("$", "").replace("\\.", ".")
    route = re.sub(r"\(\?P<\w+>[^)]*\)", "{}", route)
    route = re.sub(r"<(?:\w+:)?\w+>", "{}", route)
    route = re.sub(r"\{\w+\}", "{}", route)
    return route if route.startswith("/") else "/" + route


def urlconf_routes() -> set[str]:
    return {
        r for r in map(shape, _walk(get_resolver().url_patterns)) if r.startswith("/api/") or r == "/healthz"
    }


def documented_routes(text: str) -> set[str]:
    found = set(re.findall(r"(/api/[A-Za-z0-9_\-./{}]+|/healthz)", text))
    return {shape(r.split("?")[0].rstrip(".")) for r in found} - {"/api/"}


def studio_commands() -> set[str]:
    return {name for name, app in get_commands().items() if app.split(".")[0] in APPS}


def documented_commands(text: str) -> set[str]:
    named = set(re.findall(r"manage\.py\s+([a-z_]+)", text))
    # A list of commands after one `python manage.py`: "`exportdeck ID`, `revalidate ...`".
    for line in text.splitlines():
        if "manage.py" in line or line.startswith("  `"):
            named |= {m for m in re.findall(r"`([a-z_]+)[ `]", line) if m in get_commands()}
    return named


def test_the_docs_copy_names_every_route_and_only_routes_that_exist():
    text = DOCS.read_text(encoding="utf-8")
    routes, documented = urlconf_routes(), documented_routes(text)
    assert not routes - documented, f"routes missing from docs/FORMATS.md: {sorted(routes - documented)}"
    assert not documented - routes, (
        f"docs/FORMATS.md names routes that do not exist: {sorted(documented - routes)}"
    )


def test_the_docs_copy_names_every_command_and_only_commands_that_exist():
    text = DOCS.read_text(encoding="utf-8")
    documented = documented_commands(text)
    missing = studio_commands() - documented
    assert not missing, f"commands missing from docs/FORMATS.md: {sorted(missing)}"
    unknown = set(re.findall(r"manage\.py\s+([a-z_]+)", text)) - set(get_commands())
    assert not unknown, f"docs/FORMATS.md names commands that do not exist: {sorted(unknown)}"


def test_the_docs_copy_holds_the_shared_contract_v1_3():
    text = DOCS.read_text(encoding="utf-8")
    assert text.startswith("# Card Studio interchange contract (v1.3)")
    headings = [
        "## Card-set spreadsheets (CSV, XLSX)",
        "## Commands",
        "## REST API (under /api/)",
        "## Card translations (v1.2)",
        "## Playtest tables (v1.2)",
    ]
    shared = ROOT.parent / "shared" / "FORMATS.md"  # the steering copy, beside the checkout
    if shared.exists():
        headings += [
            line for line in shared.read_text(encoding="utf-8").splitlines() if line.startswith("## ")
        ]
    missing = [heading for heading in headings if heading not in text]
    assert not missing, f"docs/FORMATS.md lacks the contract's sections {missing}"
    assert "docs/FORMATS.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_check_can_fail():
    assert documented_routes("`GET /api/cards/{stableCardId}/status/`") == {"/api/cards/{}/status/"}
    assert "/api/nothing/" not in urlconf_routes()
    assert documented_commands("`python manage.py importcards FILE`") == {"importcards"}
