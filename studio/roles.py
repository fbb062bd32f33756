# Kept for the data migrations on main that import ``studio.roles`` (migrations are never edited);
# new code imports common.roles.
from common.roles import grant, grant_operation, revoke

__all__ = ("grant", "grant_operation", "revoke")
