# Card Studio: `make run` serves the studio, `make test` runs the whole suite.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# The suite's processes (pytest-xdist): one per core and one more, since a browser or serving test
# waits on Chromium or its subprocesses with a core idle (2 cores, a fresh clone: 5 min 37 s with
# two processes, 5 min 21 s with three); TEST_WORKERS=0 runs it in this process.
TEST_WORKERS ?= $(shell n=$$(getconf _NPROCESSORS_ONLN 2>/dev/null) && echo $$((n + 1)) || echo logical)

.PHONY: run serve test screenshots lint format install migrate demo worker beat check clean help messages catalogues-po clients

help: ## list every target
	@grep -E '^[a-z][a-z-]*:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## (.*)/\1\t\2/' | \
		awk -F '\t' '{ printf "make %-12s %s\n", $$1, $$2 }'

# The virtual environment, rebuilt when the project's dependencies change.
# Installed but never imported by make test or run (read off a whole run): pip and the linters
# (mypy is compiled code), Twisted's tests and protocols, other locales' Faker data, parts of the
# test tools (but the five Pygments lexers every pytest process imports, its terminal writer: each
# process of a fresh clone's first run compiled them at once). A module of them that is imported
# after all is compiled then, once.
VENV_NOT_IMPORTED := '/site-packages/(pip|mypy|mypyc|rich|graphql|twisted/(test|conch|mail|words|trial|names|spread|pair|positioning|runner)|playwright/async_api|pygments/lexers(?!/(__init__|_mapping|diff|python|special)\.py)|hypothesis/extra|schemathesis/cli|pikepdf/pdfa|faker/providers/.*/(?!en_US|fr_FR|ru_RU)[a-z]{2,3}_[A-Z]{2})/'
$(VENV)/.installed: pyproject.toml
	@PYTHON_BIN="$$(PYTHON='$(PYTHON)' scripts/find-python)" || exit 1; \
	if [ ! -x "$(PY)" ] || ! "$(PY)" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
		echo "Creating $(VENV) with $$PYTHON_BIN"; rm -rf "$(VENV)"; "$$PYTHON_BIN" -m venv "$(VENV)" || exit 1; \
	fi
	@# uv installs the dependencies (2.5 CPU-seconds once in its cache, where pip took 12), pip
	@# installs uv (the venv's pip as it comes: its own upgrade asked the index on every install).
	@# uv reads no pip.conf: UV_INDEX_URL, UV_EXTRA_INDEX_URL, UV_CACHE_DIR set its index and cache.
	@# It compiles nothing; compileall does it on every core (-7 s of 30 when pip compiled), all but
	@# what no command of the studio nor test imports (VENV_NOT_IMPORTED: -4 s more).
	$(PY) -m pip install --quiet --disable-pip-version-check 'uv>=0.5'
	$(VENV)/bin/uv pip install --quiet --python $(PY) -e '.[dev]'
	@PYTHONDONTWRITEBYTECODE= $(PY) -m compileall -q -j0 -x $(VENV_NOT_IMPORTED) $(VENV)/lib
	@touch $@

install: $(VENV)/.installed ## create .venv and install the project (again when pyproject.toml changes)

migrate: install ## migrate the database (DATABASE_URL)
	$(PY) manage.py migrate --no-input

demo: migrate ## migrate and load the demo cards, decks and one user per role
	$(PY) manage.py loaddemo

run: demo ## install, migrate, load the demo data and serve on HOST:PORT, default 127.0.0.1:8000 (runserver, DEBUG on)
	@echo
	@echo "Card Studio: http://$(HOST):$(PORT)/  (log in with one of the demo logins above; Ctrl-C stops)"
	DEBUG=$${DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

# The suite keeps its compiled modules (__pycache__/), even where the environment sets
# PYTHONDONTWRITEBYTECODE, and compiles the sources once before it starts (two seconds): each of
# its processes, and each server, worker or command a test starts, would compile them again.
# pytest compiles the test modules and conftest.py files itself, their asserts rewritten, into a
# cache of its own: scripts/rewrite_test_asserts.py writes it once on every core (8 CPU-seconds on
# a fresh clone), where each xdist process would rewrite them all at collection (18 s of CPU, 7
# when read back); compileall leaves those files to it.
COMPILE_EXCLUDE := '(^|/)(\.venv|\.git|node_modules|test-output|var|media)/|(^|/)tests/(.*/)?(test_[^/]*|conftest)\.py$$'
# The migrated test database (tests/migrated_database.py), when this checkout has none yet (a fresh
# clone): made in the background from the start, while the sources compile and pytest starts, not by
# the first xdist process after its collection while the others wait for it (idle), their first
# database test blocked. The processes take the made files when they need them (they wait on its
# lock if it is still being made); when it is there already, this costs a process its Django setup
# (a second of CPU, in the background). Only for the whole suite as it is (no PYTEST_ARGS: a plugin
# given there, such as .ci/run's sixth game, makes another database) on SQLite.
MIGRATED_DATABASE_IN_BACKGROUND := case "$${DATABASE_URL:-}" in ""|sqlite*) \
	(PYTHONDONTWRITEBYTECODE= DJANGO_SETTINGS_MODULE=studio.settings $(PY) -m tests.migrated_database >/dev/null 2>&1 &) ;; esac
test: install ## run the whole test suite (SQLite, tasks in-process; TEST_WORKERS processes, PYTEST_ARGS)
	@$(if $(strip $(PYTEST_ARGS)),true,$(MIGRATED_DATABASE_IN_BACKGROUND))
	@PYTHONDONTWRITEBYTECODE= $(PY) -m compileall -q -j0 -x $(COMPILE_EXCLUDE) .
	@PYTHONDONTWRITEBYTECODE= $(PY) scripts/rewrite_test_asserts.py
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

screenshots: install ## the browser tests, saving screenshots of the main pages in test-output/screenshots/
	SCREENSHOTS=1 $(MAKE) --no-print-directory test PYTEST_ARGS="tests/browser $(PYTEST_ARGS)"

clients: install ## generate the Python and TypeScript API clients from the schema (var/clients/, own tool env; PyPI and npm once) and run the Python one against a live server
	scripts/generate-clients

lint: install ## ruff (lint and format check), the import contracts, mypy on rules/
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

format: install ## ruff format and safe fixes
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

serve: migrate ## production serving on HOST:PORT (or BIND): Caddy in front of gunicorn's sync workers (HTTP) and its uvicorn worker (/ws/); needs CHANNEL_LAYER_URL, a Redis (scripts/entrypoint web)
	BIND=$${BIND:-$(HOST):$(PORT)} scripts/entrypoint web

worker: install ## a Celery worker (needs CELERY_BROKER_URL)
	$(PY) -m celery -A studio worker -Q celery,images --loglevel=INFO

beat: install ## Celery beat: the periodic sweeps and audits (needs CELERY_BROKER_URL)
	$(PY) -m celery -A studio beat --loglevel=INFO

check: install ## Django's system checks and a check that no migration is missing
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

# The translation catalogues (README, Translations). Extracting needs GNU gettext (xgettext, msgmerge);
# compiling does not (polib), and the compiled .mo files are committed.
LANGUAGES_TRANSLATED ?= fr ru
MESSAGES_ARGS := --ignore=.venv --ignore=node_modules --ignore=test-output --ignore=var --ignore=media \
	--ignore=tests --ignore=bench --no-obsolete

catalogues-po: ## extract the strings into locale/<lang>/LC_MESSAGES/*.po (needs gettext; no install: scripts/check-catalogues runs it in a copy)
	$(PY) manage.py makemessages --also-djangojs $(addprefix -l ,$(LANGUAGES_TRANSLATED)) $(MESSAGES_ARGS)

messages: install catalogues-po ## extract the strings for fr and ru (needs gettext), then compile every catalogue with polib
	$(PY) manage.py compilecatalogues

clean: ## remove .venv, var/ and test output
	rm -rf $(VENV) var .pytest_cache .hypothesis test-output
