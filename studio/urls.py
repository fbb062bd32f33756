from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularSwaggerView

from common.schema import SchemaView

from . import health, jsi18n, media, views

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # What pages link to: the catalog at an address of its language and version, kept by browsers.
    path("jsi18n/<str:language>/", jsi18n.catalog_view, name="javascript-catalog-language"),
    # The header's language switch (Django's set_language, and the user's preference).
    path("i18n/setlang/", views.set_language, name="set_language"),
    path("accounts/preferences/", views.preferences_page, name="preferences"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("cards/", include("cards.urls")),
    path("cards/", include("artwork.urls")),
    path("decks/", include("decks.urls")),
    path("faces/", include("faces.urls")),
    path("tables/", include("tables.urls")),
    path("stats/", include("playstats.urls")),
    path("simulations/", include("simulations.urls")),
    path("", include("reviews.urls")),
    path("", include("comments.urls")),
    # Before the card routes: their format suffixes would take cards/sheet.pdf for a card named "sheet".
    path("api/", include("faces.api_urls")),
    path("api/", include("comments.api.urls")),
    path("api/", include("cards.api.urls")),
    path("api/", include("corrections.api.urls")),
    path("api/", include("artwork.api.urls")),
    path("api/", include("reviews.api.urls")),
    path("api/", include("decks.api.urls")),
    path("api/", include("tables.api.urls")),
    path("api/", include("playstats.api.urls")),
    path("api/", include("simulations.api.urls")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    # Uploaded and drawn files, with or without DEBUG: each one through its permission check.
    path(settings.MEDIA_URL.strip("/") + "/<path:name>", media.serve, name="media"),
]

# The error pages in the studio's layout and the reader's language (studio.errors).
handler400 = "studio.errors.bad_request"
handler403 = "studio.errors.permission_denied"
handler404 = "studio.errors.page_not_found"
handler500 = "studio.errors.server_error"
