"""Template context shared by every page: the user's roles and the navigation they may use."""

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

# (url name, label, permission needed or None); pages that do not exist yet are left out.
NAV = [
    ("cards:browse", "Cards", "cards.view_card"),
    ("cards:sets", _("Card sets"), "cards.view_unvalidated_card"),  # import (designers) and export
    ("reviews:queue", "Review", "cards.view_unvalidated_card"),  # designers follow their cards there too
    ("decks:list", "Decks", "decks.view_deck"),
    ("reviews:audits", "Audits", "cards.review_card"),
    ("faces:index", _("Faces"), "faces.view_facetemplate"),
]


def studio(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    items = []
    for name, label, perm in NAV:
        if perm and not user.has_perm(perm):
            continue
        try:
            url = reverse(name)
        except NoReverseMatch:
            continue
        items.append({"url": url, "label": label, "current": False})
    # The page is under the longest address it starts with (/cards/sets/ is Card sets, not Cards).
    under = [item for item in items if request.path.startswith(item["url"])]
    if under:
        max(under, key=lambda item: len(item["url"]))["current"] = True
    return {"nav_items": items, "user_roles": sorted(g.name for g in user.groups.all())}
