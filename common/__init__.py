"""What every app of the studio uses: service errors, append-only history, roles, notes,
card versions, API and command plumbing. It imports no app and not the project shell
(``studio``: settings, urls, dashboard, Celery app)."""
