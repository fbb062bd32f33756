"""compose.yaml and the Dockerfile, read as files (no Docker daemon on these machines): every
studio process runs the image's entrypoint with a role it knows, against the compose's own
PostgreSQL and Redis, and every variable the compose file reads is in docs/operations.md."""

import re
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
ROLES = ("migrate", "web", "worker", "beat")


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def test_each_studio_process_runs_the_image_with_a_role_the_entrypoint_knows():
    services = compose()["services"]
    assert set(services) == {*ROLES, "db", "redis"}
    usage = subprocess.run([str(ROOT / "scripts/entrypoint")], capture_output=True, text=True).stderr
    for role in ROLES:
        service = services[role]
        assert service["build"] == "." and service["command"] == [role], role
        assert role in usage, role
        env = service["environment"]
        assert "@db:5432/" in env["DATABASE_URL"] and env["CELERY_BROKER_URL"].startswith("redis://redis:")
    for role in ("web", "worker", "beat"):  # after the migration, which waits for both databases
        assert services[role]["depends_on"] == {"migrate": {"condition": "service_completed_successfully"}}
    assert set(services["migrate"]["depends_on"]) == {"db", "redis"}
    assert services["web"]["ports"] == ["127.0.0.1:8000:8000"]


def test_the_dockerfile_runs_the_entrypoint_and_probes_healthz():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert 'ENTRYPOINT ["scripts/entrypoint"]' in dockerfile and 'CMD ["web"]' in dockerfile
    assert "/healthz" in dockerfile and "--only-binary=:all:" in dockerfile
    assert (ROOT / "scripts/entrypoint").stat().st_mode & 0o111


def test_every_variable_the_compose_file_reads_is_in_the_docs():
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    variables = set(re.findall(r"\$\{([A-Z_][A-Z0-9_]*)", text))
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "POSTGRES_PASSWORD"} <= variables
    readme = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    assert {v for v in variables if f"`{v}`" not in readme} == set()
