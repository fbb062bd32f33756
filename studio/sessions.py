"""Django's database sessions, with the permissions stamp read in the session's own query.

A page's user comes from their session: reading the stamp (``studio.permissions``) with the session
lets the permissions this process kept serve a session's request too, as they serve a token's (two
queries fewer a page: the user's permissions and their groups'). The stamp is read before the user
and their permissions are, as the token's query reads it: what is kept under a value is never
older than that value. ``SESSION_ENGINE`` names this module; the sessions are Django's, the same
table and rows (a session stored before reads the same).
"""

from __future__ import annotations

import logging
from functools import cache as once

from django.contrib.sessions.backends import db
from django.core.exceptions import SuspiciousOperation
from django.utils import timezone


class SessionStore(db.SessionStore):
    # The stamp read with the session (None: not read from the database, or no stamp row).
    permissions_stamp: str | None = None

    def _get_session_from_db(self):
        """Django's, with the stamp as a column of the same query."""
        try:
            session = _sessions_with_the_stamp(self.model).get(
                session_key=self.session_key, expire_date__gt=timezone.now()
            )
        except (self.model.DoesNotExist, SuspiciousOperation) as e:
            if isinstance(e, SuspiciousOperation):
                logger = logging.getLogger(f"django.security.{e.__class__.__name__}")
                logger.warning(str(e))
            self._session_key = None
            return None
        self.permissions_stamp = session.permissions_stamp
        return session


@once
def _sessions_with_the_stamp(model):
    """The sessions with the stamp as a column, built once a process (as the token's query,
    ``studio.throttling``); never evaluated itself: each request's ``get`` is a filtered copy."""
    from .permissions import stamp_subquery

    return model.objects.annotate(permissions_stamp=stamp_subquery())
