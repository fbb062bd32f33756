# Card Studio: `make run` serves the studio, `make test` runs the whole suite.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format install migrate demo worker beat check clean help

help:
	@echo "make run     create .venv, install, migrate, load the demo data and serve http://$(HOST):$(PORT)"
	@echo "make test    run the whole test suite (SQLite, tasks in-process)"
	@echo "make lint    ruff (lint and format check), the import contracts, mypy on rules/"
	@echo "make format  ruff format and safe fixes"
	@echo "make worker  a Celery worker (needs CELERY_BROKER_URL)"

# The virtual environment, rebuilt when the project's dependencies change.
$(VENV)/.installed: pyproject.toml
	@PYTHON_BIN="$$(PYTHON='$(PYTHON)' scripts/find-python)" || exit 1; \
	if [ ! -x "$(PY)" ] || ! "$(PY)" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
		echo "Creating $(VENV) with $$PYTHON_BIN"; rm -rf "$(VENV)"; "$$PYTHON_BIN" -m venv "$(VENV)" || exit 1; \
	fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

install: $(VENV)/.installed

migrate: install
	$(PY) manage.py migrate --no-input

demo: migrate
	$(PY) manage.py loaddemo

run: demo
	@echo
	@echo "Card Studio: http://$(HOST):$(PORT)/  (log in with one of the demo logins above; Ctrl-C stops)"
	DEBUG=$${DEBUG:-1} $(PY) manage.py runserver $(HOST):$(PORT)

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

worker: install
	$(PY) -m celery -A studio worker -Q celery,images --loglevel=INFO

beat: install
	$(PY) -m celery -A studio beat --loglevel=INFO

check: install
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis test-output
