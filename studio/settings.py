"""Card Studio settings, read from the environment.

Two ways to run, one settings module:

* embedded default (nothing set): SQLite file under ``var/``, Celery tasks run
  in-process and eagerly, media on disk under ``media/``, DEBUG on;
* team scale: ``DATABASE_URL`` (PostgreSQL through psycopg 3),
  ``CELERY_BROKER_URL`` (real workers), ``DEBUG=0`` with a real ``SECRET_KEY``
  and ``ALLOWED_HOSTS``; with DEBUG off the security settings below make
  ``manage.py check --deploy`` pass.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from whitenoise.compress import Compressor

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    value = value.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: use 1/0, true/false, yes/no or on/off")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return float(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not a number") from exc


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number") from exc


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off, e.g. "
            "SECRET_KEY=$(python -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    # Only for the embedded, single-person default; never used with DEBUG off.
    SECRET_KEY = "django-insecure-card-studio-embedded-default-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The studio's address as other machines reach it (https://studio.example.com): Tabletop Simulator
# exports point their images there. Unset: the address of the request (a loopback one is warned about).
STUDIO_PUBLIC_URL = os.environ.get("STUDIO_PUBLIC_URL", "").strip().rstrip("/")

INSTALLED_APPS = [
    # First: its runserver (Daphne's) serves the ASGI application (HTTP and the tables' WebSockets).
    "studio.devserver",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "studio",
    "cards",
    "decks",
    "corrections",
    "artwork",
    "reviews",
    "faces",
    "tables",
    "playstats",
    "simulations",
    "comments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "studio.middleware.PermissionsPolicyMiddleware",
    # NUL characters, API bodies over the limit, API methods a route does not have: refused first.
    "studio.middleware.RequestGuardMiddleware",
    # Static files after collectstatic (DEBUG off); with DEBUG on, runserver serves them.
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    # Immutable responses (the JavaScript catalog at its versioned address) lose the Vary the next two add.
    "studio.middleware.ImmutableResponseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the language cookie (the header's switch), else Accept-Language; after the
    # session, before CommonMiddleware (Django's documented place).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's own language and time zone (studio.models.Preference) win over both.
    "studio.middleware.UserPreferenceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "common.refusals.HtmxRefusalMiddleware",
    # A page's empty 405: the 405 page, or a GET sent to the page that holds the form (studio.errors).
    "studio.errors.ErrorPageMiddleware",
    # It answers the login page's POST once the address and user are locked out.
    "axes.middleware.AxesMiddleware",
    # Last: an idempotent API request whose database connection was lost is tried once more.
    "studio.middleware.DatabaseRetryMiddleware",
]

ROOT_URLCONF = "studio.urls"
# A CSRF refusal is the studio's 403 page, in the reader's language.
CSRF_FAILURE_VIEW = "studio.errors.csrf_failure"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "studio.context.studio",
            ],
        },
    },
]

WSGI_APPLICATION = "studio.wsgi.application"
# HTTP and WebSockets (the playtest tables' real time, tables/consumers.py): studio/asgi.py.
ASGI_APPLICATION = "studio.asgi.application"

# --- Database -----------------------------------------------------------------
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'studio.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # SQLite serves one person on one machine: wait for a writer rather than fail.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
    )
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("TEST_SQLITE_NAME", "")}
else:
    test_name = os.environ.get("TEST_DATABASE_NAME")
    if test_name:
        DATABASES["default"]["TEST"] = {"NAME": test_name}
    # A pool of connections per process (psycopg_pool, through Django's "pool" option) instead of
    # a new connection per request: a PostgreSQL connection costs 5-20 ms to open, more than a
    # table's move takes. DATABASE_POOL_MAX_SIZE: the most connections a process keeps (0: none,
    # a connection per request, the default; scripts/entrypoint web sets 4).
    pool_max = env_int("DATABASE_POOL_MAX_SIZE", 0)
    if pool_max > 0:
        if DATABASES["default"].get("CONN_MAX_AGE"):
            raise ImproperlyConfigured("DATABASE_POOL_MAX_SIZE and CONN_MAX_AGE exclude each other: set one")
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": pool_max,
            "timeout": env_int("DATABASE_POOL_TIMEOUT", 10),
        }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth ----------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out user and address before the password is even checked.
    "axes.backends.AxesStandaloneBackend",
    # Permissions only (it authenticates no one, grants nothing): fills ModelBackend's caches on the
    # user from what this process kept while the permissions stamp is unchanged (studio.permissions).
    "studio.permissions.KeptPermissionsBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
# Django's database sessions, the permissions stamp read in the session's query (studio.sessions).
SESSION_ENGINE = "studio.sessions"

# --- Brute force: login lockout (django-axes) --------------------------------------------
# After AXES_FAILURE_LIMIT wrong passwords for one user from one address, that pair is locked
# out for AXES_COOLOFF_MINUTES; `python manage.py axes_reset` (or axes_reset_username USER,
# axes_reset_ip ADDRESS) unlocks early. A success resets the count.
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
# Groups joined by "+" lock together, groups separated by "," each lock on their own:
# "username+ip_address" (default) locks a user at one address; "username,ip_address" either.
AXES_LOCKOUT_PARAMETERS = [
    group.split("+") if "+" in group else group
    for group in env_list("AXES_LOCKOUT_PARAMETERS", ["username+ip_address"])
]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "studio.security.lockout_response"
# And per address across usernames: AXES_ADDRESS_FAILURE_LIMIT wrong passwords from one address,
# whatever the usernames, lock that address out (studio.lockout.AddressLockoutHandler); 0: off.
AXES_HANDLER = "studio.lockout.AddressLockoutHandler"
AXES_ADDRESS_FAILURE_LIMIT = env_int("AXES_ADDRESS_FAILURE_LIMIT", 20)
# Behind NUM_PROXIES trusted proxies the client's address is read from X-Forwarded-For (the
# DRF throttles use the same setting), otherwise it is REMOTE_ADDR.
NUM_PROXIES = env_int("NUM_PROXIES", 0)
AXES_CLIENT_IP_CALLABLE = "studio.security.client_ip"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "login"

# --- I18N ----------------------------------------------------------------------
# The studio speaks English, French and Russian. The reader's language is, in order: their own
# (Preference.language, set by the header's switch or their preferences page), the language
# cookie (the switch, also before logging in), Accept-Language, LANGUAGE_CODE.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("ru", "Русский"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The studio's time zone (TIME_ZONE in the environment); each user may choose their own.
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
# Dates, times and numbers are printed in the reader's locale's formats (Django's own: "1 décembre
# 2026 14:05", decimal comma in French and Russian). No thousands separator by default: pages put
# numbers in addresses and form values, which must stay plain. English dates stay ISO-like
# (studio/formats/en: 2026-12-01 14:05); French and Russian ones are their locale's (01/12/2026 14:05).
FORMAT_MODULE_PATH = ["studio.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"

# --- Static and media ------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns about a missing root
# The fonts faces are drawn with, for faces shown inline in pages (the same files resvg and the PDFs use).
STATICFILES_DIRS = [("faces/fonts", BASE_DIR / "faces" / "fonts")]
# The apps' files but those no page of a deployment links (studio.staticfiles.AppDirectoriesFinder).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "studio.staticfiles.AppDirectoriesFinder",
]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# Media are private (studio.media, common.media): each request is checked, then the file goes out by
# Django itself, by nginx (X-Accel-Redirect to this internal prefix) or by X-Sendfile (Apache, lighttpd).
# WhiteNoise serves STATIC_ROOT only (no WHITENOISE_ROOT): never /media/.
MEDIA_ACCEL_REDIRECT = os.environ.get("MEDIA_ACCEL_REDIRECT", "")
MEDIA_SENDFILE = env_bool("MEDIA_SENDFILE", False)
STORAGES = {
    "default": {
        "BACKEND": os.environ.get("DEFAULT_FILE_STORAGE", "django.core.files.storage.FileSystemStorage")
    },
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "studio.staticfiles.StaticFilesStorage"  # WhiteNoise's, Brotli affordable
    },
}
# collectstatic keeps only the hashed names pages link to, and leaves source maps (read by developer
# tools alone) uncompressed: half the files, and half the CPU of a deployment's collectstatic.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
# Artwork uploads: larger files are refused with 413 before they are decoded.
ARTWORK_MAX_BYTES = env_int("ARTWORK_MAX_BYTES", 20 * 1024 * 1024)
ARTWORK_MAX_PIXELS = env_int("ARTWORK_MAX_PIXELS", 40_000_000)
# How often (seconds) a card's gallery is read again while a thumbnail is being made (artwork.gallery);
# the polling stops once none is pending.
ARTWORK_POLL_SECONDS = 2
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# Card-set files (JSON, CSV, XLSX; cards.spreadsheets): the file, an XLSX archive unpacked, the cards.
CARDSETS_MAX_BYTES = env_int("CARDSETS_MAX_BYTES", 20 * 1024 * 1024)
CARDSETS_MAX_UNPACKED_BYTES = env_int("CARDSETS_MAX_UNPACKED_BYTES", 100 * 1024 * 1024)
CARDSETS_MAX_ROWS = env_int("CARDSETS_MAX_ROWS", 100_000)
# A file (or JSON body) of more cards than this is imported by a task (an import job: 202, then
# poll), not within the request: measured in bench/README.md ("Import jobs") against GUNICORN_TIMEOUT.
CARDSETS_SYNC_MAX_ROWS = env_int("CARDSETS_SYNC_MAX_ROWS", 500)
# How often (seconds) a page reads an import job's progress again, in place (templates/cards/_import_job.html).
CARDSETS_JOB_POLL_SECONDS = 1

# --- REST API --------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: an anonymous request gets 401 with a WWW-Authenticate header.
        "studio.throttling.ThrottledTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": ["common.api.FilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "common.api.Pagination",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.api.exception_handler",
    # One guarded reader of every body (common.guards): depth, size, NUL characters. JSON only, as
    # the schema says: a form body is a 415 naming what the route reads (common.api); the two
    # uploads (artwork, a card-set file) read multipart themselves.
    "DEFAULT_PARSER_CLASSES": ["common.parsers.JSONParser"],
    "DEFAULT_METADATA_CLASS": "common.parsers.Metadata",
    # Findings' messages in the reader's language (codes, keys and params unchanged).
    "DEFAULT_RENDERER_CLASSES": [
        "common.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_THROTTLE_CLASSES": ["studio.throttling.AnonThrottle", "studio.throttling.UserThrottle"],
    "NUM_PROXIES": NUM_PROXIES or None,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
# Rates as DRF writes them ("60/min", "1000/hour"); read at request time (studio.throttling).
API_THROTTLING = env_bool("API_THROTTLING", True)
API_THROTTLE_RATES = {
    "anon": os.environ.get("API_THROTTLE_ANON", "60/min"),
    "user": os.environ.get("API_THROTTLE_USER", "600/min"),
    # Requests with a token that does not exist, per address: guessing tokens is slowed down.
    "token_failure": os.environ.get("API_THROTTLE_TOKEN_FAILURE", "20/hour"),
}
# Throttle counts (and nothing else) live in the cache: set CACHE_URL (redis://...) when several
# web processes serve the studio, or each counts on its own. A cache that is down costs nothing
# but the throttling (they fail open, studio.throttling): each call waits at most
# CACHE_TIMEOUT_SECONDS, and after a failure the cache is not tried for CACHE_BACKOFF_SECONDS.
CACHE_TIMEOUT_SECONDS = float(os.environ.get("CACHE_TIMEOUT_SECONDS", "0.5"))
CACHE_BACKOFF_SECONDS = float(os.environ.get("CACHE_BACKOFF_SECONDS", "5"))
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["CACHE_URL"],
        "OPTIONS": {"socket_connect_timeout": CACHE_TIMEOUT_SECONDS, "socket_timeout": CACHE_TIMEOUT_SECONDS},
    }
    if os.environ.get("CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "card-studio"}
}
# How deep a JSON document may nest (deck files and card effects need far fewer levels).
JSON_MAX_DEPTH = env_int("JSON_MAX_DEPTH", 32)

SPECTACULAR_SETTINGS = {
    "TITLE": "Card Studio API",
    "DESCRIPTION": "Cards, rule sets, decks and reviews of the games served by Card Studio.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # The API's bodies are JSON: a view's request is described as JSON only (a generated client
    # sends one body, not the same one three ways), and the server reads JSON only (a form is a
    # 415); the views that mean a form or an upload say so (extend_schema request={media type: ...}).
    "PARSER_WHITELIST": ["common.parsers.JSONParser"],
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    # Swagger UI's assets ship with the project: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A batch's state in a batch and in a list of them (BatchSummary): one enum, one name.
    "ENUM_NAME_OVERRIDES": {
        "BatchStateEnum": "artwork.models.BatchState",
        "TranslationStatusEnum": "cards.models.TranslationStatus",
        # A card's statuses keep their name beside a translation's (which lack DISABLED).
        "StatusEnum": ["DRAFT", "NEEDS_REVIEW", "VALIDATED", "DISABLED"],
        # Print jobs' and card-set import jobs' states (the 202 bodies and their polls).
        "JobStateEnum": ["QUEUED", "RUNNING", "DONE", "FAILED"],
        # A paper game's: counted, or a proposal to another player (waiting, declined).
        "PaperGameStatusEnum": ["counted", "proposed", "declined"],
        # A bot's policy: the lab's simulations and a bot's seat at a table (solo play).
        "BotPolicyEnum": ["random", "greedy"],
    },
    # Every status code each operation can answer, with the error body (common.schema).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.schema.error_responses",
    ],
}

# --- Channels (the tables' real time) ----------------------------------------------
# One process (the embedded default, runserver): an in-memory layer. Several web processes
# (team scale): CHANNEL_LAYER_URL names a Redis that carries each table's moves between them;
# unset, the Celery broker when it is a Redis (compose.yaml's).
CHANNEL_LAYER_URL = os.environ.get("CHANNEL_LAYER_URL") or (
    os.environ.get("CELERY_BROKER_URL", "")
    if os.environ.get("CELERY_BROKER_URL", "").startswith(("redis://", "rediss://"))
    else ""
)
# channels-redis waits for a socket's next message with a blocking Redis read of 5 s
# (RedisChannelLayer.brpop_timeout); redis-py (8) gives up on any read after its default socket
# timeout, 5 s too, so an idle socket's wait failed exactly then and the socket died. The layer's
# connections read for longer than that wait (a dead Redis still fails a read after this long); a
# query string of CHANNEL_LAYER_URL (?socket_timeout=...) wins over these.
CHANNEL_LAYER_SOCKET_TIMEOUT = 15
CHANNEL_LAYER_HOST = {"address": CHANNEL_LAYER_URL, "socket_timeout": CHANNEL_LAYER_SOCKET_TIMEOUT}
# A table's socket leaves its group when it ends and joins it again every third of this
# (tables/consumers.py): a member that could not leave (its process killed, Redis down then) is
# dropped after this long, not after channels-redis's day.
CHANNEL_LAYER_GROUP_EXPIRY = 900
# Whether the server in front serves WebSockets at /ws/ (make run's runserver by Daphne, the
# entrypoint's sockets worker): the header's live inbox count opens one only then, and a server of
# HTTP only (WEBSOCKETS=0) keeps the polls without a failed handshake on every page.
WEBSOCKETS = env_bool("WEBSOCKETS", True)
# A table page's socket pings every TABLE_SOCKET_PING_SECONDS (the server answers, and sends any move
# whose announce missed this process); silent for TABLE_SOCKET_SILENCE_SECONDS, it is closed and the
# page reads the table by polls (tables/static/tables/table/transport.js). Served in the page's config.
TABLE_SOCKET_PING_SECONDS = 5
TABLE_SOCKET_SILENCE_SECONDS = 15
# While no socket is open a table page reads the table every TABLE_POLL_SECONDS (its words say "every 2
# seconds"): the browser tests shorten it, and the pings and the silence, to wait less.
TABLE_POLL_SECONDS = 2
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [CHANNEL_LAYER_HOST], "group_expiry": CHANNEL_LAYER_GROUP_EXPIRY},
        }
        if CHANNEL_LAYER_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}

# Solo play: the server plays a bot's turn at once; a table's page shows the bot's moves one at a
# time, this many milliseconds apart, as a person's would arrive (0: as they come).
TABLE_BOT_PACE_MS = max(0, env_int("TABLE_BOT_PACE_MS", 800))

# --- Celery -------------------------------------------------------------------------
# Unset broker: the embedded default runs every task in-process, eagerly, right
# after the transaction that enqueued it commits.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else None
)
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {"artwork.*": {"queue": "images"}, "faces.*": {"queue": "images"}}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
# A request that enqueues must not hang when the broker or the result backend is down: every
# connection has a short timeout, a publish is retried at most once, and the enqueue helper
# (studio.celery) takes any failure as "not enqueued" (the work is recorded so, and a sweep
# catches up). Without these, the Redis result backend alone retries for about 20 s.
CELERY_BROKER_CONNECTION_TIMEOUT = env_float("CELERY_BROKER_CONNECTION_TIMEOUT", 0.5)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # kombu's Redis transport: connect and read timeouts of the broker connection.
    "socket_connect_timeout": CELERY_BROKER_CONNECTION_TIMEOUT,
    "socket_timeout": env_float("CELERY_BROKER_SOCKET_TIMEOUT", 2.0),
    "retry_on_timeout": False,
    "max_retries": 1,
    # A task taken by a worker that dies (kill -9) is delivered again after this many seconds
    # (kombu's default is an hour). Longer than the longest task, or a task still running would be
    # delivered twice; audits and print jobs do not wait for it: their heartbeat stops, and the
    # sweep takes them up again after WORK_STALE_AFTER (README, "A killed worker").
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 1800),
}
CELERY_TASK_PUBLISH_RETRY = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.1,
    "interval_max": 0.1,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = env_float("CELERY_RESULT_CONNECT_TIMEOUT", 0.5)
CELERY_REDIS_SOCKET_TIMEOUT = env_float("CELERY_RESULT_SOCKET_TIMEOUT", 2.0)
CELERY_REDIS_RETRY_ON_TIMEOUT = False
CELERY_RESULT_BACKEND_ALWAYS_RETRY = False
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    # The Redis result backend's own reconnection loop (20 tries, 1 s apart, by default).
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1},
}
# After a failed enqueue, the next ones in this process are not tried for this many seconds
# (each would wait for its own timeouts): the work is recorded as not enqueued at once.
CELERY_ENQUEUE_BACKOFF_SECONDS = env_float("CELERY_ENQUEUE_BACKOFF_SECONDS", 10.0)
CELERY_BEAT_SCHEDULE: dict = {
    # Every game's review audit, nightly; a game whose audit is still running is skipped.
    "reviews-audit-all-games": {"task": "reviews.audit_all", "schedule": crontab(hour=3, minute=30)},
    # Audits never enqueued (the broker was down when they were started) are sent again.
    "reviews-requeue-audits": {"task": "reviews.requeue", "schedule": env_int("REQUEUE_SWEEP_SECONDS", 120)},
    # Renditions still pending (e.g. the broker was down when the image came in), and image
    # batches never enqueued.
    "artwork-sweep": {"task": "artwork.sweep", "schedule": env_int("REQUEUE_SWEEP_SECONDS", 120)},
    # Decks left stale (a change made while the broker was down, a worker that
    # crashed) are validated again within this many seconds.
    "decks-sweep-stale": {"task": "decks.sweep_stale", "schedule": env_int("DECKS_SWEEP_SECONDS", 300)},
    # Card versions no deck was validated against any more (each revalidation run may leave one).
    "decks-prune-card-versions": {"task": "decks.prune_card_versions", "schedule": crontab(hour=4, minute=0)},
    # Print jobs never enqueued (the broker was down), and those whose worker died.
    "faces-requeue-print-jobs": {"task": "faces.requeue", "schedule": env_int("REQUEUE_SWEEP_SECONDS", 120)},
    # Card-set import jobs never enqueued (the broker was down), and those whose worker died.
    "cards-requeue-import-jobs": {
        "task": "cards.requeue_imports",
        "schedule": env_int("REQUEUE_SWEEP_SECONDS", 120),
    },
    # Finished tables whose game the play statistics do not hold yet (a missed enqueue).
    "playstats-sweep": {"task": "playstats.sweep", "schedule": env_int("REQUEUE_SWEEP_SECONDS", 120)},
    # The daily digest of the notifications, to who chose one email a day (comments.emails).
    "comments-daily-digest": {
        "task": "comments.send_digests",
        "schedule": crontab(hour=env_int("COMMENTS_DIGEST_HOUR", 7), minute=0),
    },
    # The turn timer of tables nobody reads (a player gone): the seat to act loses on time.
    "tables-check-clocks": {
        "task": "tables.check_clocks",
        "schedule": env_int("TABLE_CLOCK_SWEEP_SECONDS", 15),
    },
}

# Long work (audits, print jobs) writes a heartbeat every WORK_HEARTBEAT_SECONDS while a worker
# runs it; work whose heartbeat is older than WORK_STALE_AFTER lost its worker and is sent again
# by the sweeps (every REQUEUE_SWEEP_SECONDS), or at once when someone asks for it again.
WORK_HEARTBEAT_SECONDS = env_int("WORK_HEARTBEAT_SECONDS", 30)
WORK_STALE_AFTER = env_int("WORK_STALE_AFTER", 180)

# --- Comments and notifications ------------------------------------------------------------
# Notification emails go through Django's email backend: the console on the embedded default (DEBUG),
# SMTP at team scale (EMAIL_HOST, default localhost; EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS). A failed send is logged and loses nothing but the email (common.enqueue).
_EMAIL_HOST = os.environ.get("EMAIL_HOST", "" if DEBUG else "localhost")
MAILERS = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": _EMAIL_HOST,
            "port": env_int("EMAIL_PORT", 25),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS", False),
        },
    }
    if _EMAIL_HOST
    else {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Card Studio <studio@localhost>")
# The studio's address as an email's links name it.
STUDIO_BASE_URL = os.environ.get("STUDIO_BASE_URL", "http://localhost:8000")
# How often (seconds) a page without the inbox's socket reads the header's unread count again
# (templates/comments/_inbox_link.html): a mention shows without a reload.
INBOX_POLL_SECONDS = 15
# The daily digest (beat, at COMMENTS_DIGEST_HOUR o'clock) lists the unread notifications of the last
# COMMENTS_DIGEST_HOURS hours not emailed yet (a day and an hour: a late run misses none; none is
# sent twice).
COMMENTS_DIGEST_HOURS = env_int("COMMENTS_DIGEST_HOURS", 25)

# --- Review audits ----------------------------------------------------------------------
# Cards read per database round trip, and how often progress is written.
REVIEWS_AUDIT_BATCH_SIZE = env_int("REVIEWS_AUDIT_BATCH_SIZE", 500)
# An audit that wrote no progress for this long is taken as abandoned (its worker
# died): a new audit of the game may start.
REVIEWS_AUDIT_STALE_AFTER = env_int("REVIEWS_AUDIT_STALE_AFTER", 3600)

# --- Decks ------------------------------------------------------------------------------
# A deck may hold at most this many entries in one section, and a user this many decks (a 400
# names the limit); copies per entry are at most decks.interchange.MAX_COUNT (1000).
DECKS_MAX_ENTRIES_PER_SECTION = env_int("DECKS_MAX_ENTRIES_PER_SECTION", 500)
DECKS_MAX_PER_USER = env_int("DECKS_MAX_PER_USER", 1000)
# How often (seconds) an open deck builder asks whether its deck changed elsewhere.
DECKS_PANEL_POLL_SECONDS = env_int("DECKS_PANEL_POLL_SECONDS", 15)
# On PostgreSQL a revalidation of several batches reads and writes on a second connection, in
# a helper thread, while the rules run (decks/revalidation.py); 0 runs it all on one connection.
DECKS_REVALIDATE_OVERLAP = env_bool("DECKS_REVALIDATE_OVERLAP", True)

# --- Card faces ---------------------------------------------------------------------------
# Card faces are drawn ahead of time by workers after a change; without workers they are drawn
# (and cached) on first request instead, so that a change never waits for its faces.
FACES_PRECOMPUTE = env_bool("FACES_PRECOMPUTE", bool(CELERY_BROKER_URL))
# The most card copies a print sheet or an export takes in one go.
FACES_MAX_COPIES = env_int("FACES_MAX_COPIES", 10000)
# A folder of the team's own print sheet layouts (JSON, docs/faces.md), beside the shipped ones.
FACES_SHEET_LAYOUTS_DIR = os.environ.get("FACES_SHEET_LAYOUTS_DIR", "")
# Where the fonts' subsets embedded in standalone SVG faces are kept, made once for every process of
# the machine (faces.fonts): default VAR_DIR/cache/font-subsets; an empty value keeps none on disk.
FACES_FONT_CACHE_DIR = os.environ.get("FACES_FONT_CACHE_DIR", str(VAR_DIR / "cache" / "font-subsets"))
# A print sheet with more faces than this is made by a task, with progress, not within the request.
FACES_SYNC_SHEET_MAX = env_int("FACES_SYNC_SHEET_MAX", 120)
# ... and one of more distinct cards than this (each is drawn; 40 took 6.8 s under load, 120 about
# 20 s: bench/README.md, "Import jobs: the threshold").
FACES_SYNC_SHEET_CARDS = env_int("FACES_SYNC_SHEET_CARDS", 40)

# --- Security (DEBUG off) -------------------------------------------------------------
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Load balancers probe /healthz over plain HTTP inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_PROXY", False) else None
    SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy (Django's own middleware): scripts and styles from the studio only, inline
# ones with the request's nonce ({{ csp_nonce }}). Style attributes stay allowed: the pages size
# progress bars and charts with them, and an attribute cannot run script.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Browser features no page of the studio uses: refused to every origin.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}
X_FRAME_OPTIONS = "DENY"

# LOG_FORMAT=json: one JSON object a line (python-json-logger), for log collectors.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text").lower()
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # The json formatter is declared only when used: logging configures every
    # declared formatter, and a text-logging install need not import python-json-logger.
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    }
    if LOG_FORMAT == "json"
    else {},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO" if DEBUG else "WARNING", "propagate": False},
        "cards": {"level": os.environ.get("LOG_LEVEL", "INFO")},
        "decks": {"level": os.environ.get("LOG_LEVEL", "INFO")},
        "artwork": {"level": os.environ.get("LOG_LEVEL", "INFO")},
        "reviews": {"level": os.environ.get("LOG_LEVEL", "INFO")},
        "studio": {"level": os.environ.get("LOG_LEVEL", "INFO")},
    },
}

# SENTRY_DSN: errors of web processes and workers go to Sentry (pip install 'card-studio[sentry]').
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    try:
        import sentry_sdk
    except ImportError as exc:
        raise ImproperlyConfigured(
            "SENTRY_DSN is set but sentry-sdk is not installed: pip install 'card-studio[sentry]'"
        ) from exc
    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0") or 0),
        send_default_pii=False,
    )
