"""Template context shared by every page: the user's roles and the navigation they may use."""

from django.conf import settings
from django.urls import NoReverseMatch, get_resolver, get_script_prefix, get_urlconf, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext_lazy as _

from comments.selectors import unread_count

# The roles as the header names them (the groups keep their English names).
ROLE_LABELS = {"designer": _("designer"), "reviewer": _("reviewer"), "playtester": _("playtester")}

# (url name, label, permission needed or None); pages that do not exist yet are left out.
NAV = [
    ("cards:browse", _("Cards"), "cards.view_card"),
    ("cards:sets", _("Card sets"), "cards.view_unvalidated_card"),  # import (designers) and export
    ("reviews:queue", _("Review"), "cards.view_unvalidated_card"),  # designers follow their cards there too
    ("decks:list", _("Decks"), "decks.view_deck"),
    ("tables:list", _("Tables"), "tables.add_table"),  # playtest tables: sit with one of your decks
    ("playstats:index", _("Play statistics"), "cards.view_card"),  # what the playtests say about each card
    ("simulations:list", _("Lab"), "decks.view_deck"),  # bots play decks by the rules (simulations)
    ("comments:activity", _("Activity"), "cards.view_card"),  # who changed what and when
    ("reviews:audits", _("Audits"), "cards.review_card"),
    ("faces:index", _("Faces"), "faces.view_facetemplate"),
]


# The NAV's addresses per URL resolver and script prefix (what reverse() reads): the same for every page.
_NAV_URLS: dict[tuple, dict[str, str | None]] = {}


def nav_urls() -> dict[str, str | None]:
    """Each NAV page's address, None for a page that does not exist; reversed once a resolver."""
    key = (get_resolver(get_urlconf()), get_script_prefix())
    urls = _NAV_URLS.get(key)
    if urls is None:
        urls = {}
        for name, _label, _perm in NAV:
            try:
                urls[name] = reverse(name)
            except NoReverseMatch:
                urls[name] = None
        _NAV_URLS[key] = urls
    return urls


def studio(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        # Read when a template shows them (the header): a fragment (an htmx answer, the inbox's
        # count every INBOX_POLL_SECONDS, a refusal's message) costs no query of the user's groups.
        "nav_items": SimpleLazyObject(lambda: _nav_items(request, user)),
        "user_roles": SimpleLazyObject(lambda: _roles(user)),
        "websockets": settings.WEBSOCKETS,
        "inbox_poll_seconds": settings.INBOX_POLL_SECONDS,
        # The header's unread count, drawn with the page (one query, made only by a page that shows
        # the header: a template calls it), then read again every INBOX_POLL_SECONDS or brought by
        # the inbox's socket. Asked by a second request after each page, it cost the server a
        # request (the session, the user, the middleware) and the browser a swap.
        "inbox_unread": lambda: unread_count(user=user),
    }


def _nav_items(request, user) -> list[dict]:
    items = []
    urls = nav_urls()
    for name, label, perm in NAV:
        if perm and not user.has_perm(perm):
            continue
        url = urls[name]
        if url is None:
            continue
        items.append({"url": url, "label": label, "current": False})
    # The page is under the longest address it starts with (/cards/sets/ is Card sets, not Cards).
    under = [item for item in items if request.path.startswith(item["url"])]
    if under:
        max(under, key=lambda item: len(item["url"]))["current"] = True
    return items


def _roles(user) -> list[str]:
    return [str(ROLE_LABELS.get(role, role)) for role in sorted(g.name for g in user.groups.all())]
