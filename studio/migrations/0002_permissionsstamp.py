"""The permissions stamp (studio.models.PermissionsStamp): one row, and the triggers that give it a
new random value in every statement that writes a table a user's permissions are read from."""

from django.db import migrations, models

# The tables django.contrib.auth's ModelBackend reads permissions from (besides the user's own row,
# whose is_active and is_superuser are read with the user on every request).
TABLES = (
    "auth_user_groups",
    "auth_user_user_permissions",
    "auth_group_permissions",
    "auth_permission",
    "django_content_type",
)
NAME = "studio_permissions_changed"

POSTGRESQL = [
    f"""
    CREATE OR REPLACE FUNCTION {NAME}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO studio_permissionsstamp (id, value) VALUES (1, replace(gen_random_uuid()::text, '-', ''))
        ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value;
        RETURN NULL;
    END $$
    """,
    *(
        f"CREATE TRIGGER {NAME} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {NAME}()"
        for table in TABLES
    ),
]
POSTGRESQL_REVERSE = [
    *(f"DROP TRIGGER IF EXISTS {NAME} ON {table}" for table in TABLES),
    f"DROP FUNCTION IF EXISTS {NAME}()",
]
SQLITE = [
    f"""
    CREATE TRIGGER {NAME}_{table}_{event.lower()} AFTER {event} ON {table} BEGIN
        INSERT INTO studio_permissionsstamp (id, value) VALUES (1, lower(hex(randomblob(16))))
        ON CONFLICT (id) DO UPDATE SET value = excluded.value;
    END
    """
    for table in TABLES
    for event in ("INSERT", "UPDATE", "DELETE")
]
SQLITE_REVERSE = [
    f"DROP TRIGGER IF EXISTS {NAME}_{table}_{event.lower()}"
    for table in TABLES
    for event in ("INSERT", "UPDATE", "DELETE")
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        statements = statements_by_vendor.get(schema_editor.connection.vendor)
        if statements is None:
            raise NotImplementedError(f"no permissions stamp triggers for {schema_editor.connection.vendor}")
        for statement in statements:
            schema_editor.execute(statement)

    return run


def first_stamp(apps, schema_editor):
    import secrets

    apps.get_model("studio", "PermissionsStamp").objects.using(schema_editor.connection.alias).create(pk=1, value=secrets.token_hex(16))


class Migration(migrations.Migration):
    dependencies = [
        ("studio", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.CreateModel(
            name="PermissionsStamp",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("value", models.CharField(max_length=32)),
            ],
        ),
        migrations.RunPython(first_stamp, migrations.RunPython.noop),
        migrations.RunPython(
            _run({"postgresql": POSTGRESQL, "sqlite": SQLITE}),
            _run({"postgresql": POSTGRESQL_REVERSE, "sqlite": SQLITE_REVERSE}),
        ),
    ]
