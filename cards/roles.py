"""The studio's roles, as Django groups.

The groups and their card permissions are created by the data migration
``cards/migrations/0002_roles``; later apps add their own permissions to them in
their own migrations.
"""

DESIGNER, REVIEWER, PLAYTESTER = "designer", "reviewer", "playtester"
ROLES = (DESIGNER, REVIEWER, PLAYTESTER)
