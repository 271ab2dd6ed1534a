"""`uv run python -m kit.scaffold <name> [--prefix <event prefix>]`: the files of a new service and its row in the
table of services (kit/services.toml), and nothing else (docs/development.md lists them). It boots, migrates and
answers its health check as written; then add models, a revision
(`python -m kit.migrate <name> revision --autogenerate -m ... --rev-id 0002`) and domains."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from kit.platform import TABLE, load

ROOT = Path(__file__).resolve().parents[4]

FILES: dict[str, str] = {
    "pyproject.toml": """[project]
name = "cypher-{name}"
version = "0.1.0"
description = "Cypher {name}"
requires-python = ">=3.11"
dependencies = ["cypher-kit"]

[build-system]
requires = ["uv_build>=0.8,<0.20"]
build-backend = "uv_build"

[tool.uv.build-backend]
module-name = "{name}"

[tool.uv.sources]
cypher-kit = {{ workspace = true }}
""",
    "migrations/versions/0001_initial.py": '''"""the kit's tables

Revision ID: 0001
Revises:
"""

from kit.migrations import create_kit_tables, drop_kit_tables, drop_kit_tables_2, kit_tables_2

revision = "0001"
down_revision = None


def upgrade() -> None:
    create_kit_tables()
    kit_tables_2()


def downgrade() -> None:
    drop_kit_tables_2()
    drop_kit_tables()
''',
    "src/{name}/__init__.py": "",
    "src/{name}/config.py": """from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="{env}_", extra="ignore", populate_by_name=True)

    # The prefix of this service's events and the name of its stream.
    service_name: str = "{prefix}"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_{name}"
""",
    "src/{name}/models/__init__.py": """from kit.db import make_base

Base = make_base()
""",
    "src/{name}/app.py": """from __future__ import annotations

from fastapi import FastAPI

from kit.app import create_service_app
from {name}.config import Settings


def create_app(settings: Settings | None = None) -> FastAPI:
    return create_service_app(settings or Settings(), title="Cypher {name}", routers=[])
""",
    "tests/conftest.py": """pytest_plugins = ["kit.testing.plugin"]
""",
}


ROW = """
[[service]]
name = "{name}"
port = {port}
prefix = "{prefix}"
routes = ["{name}", "{name}/**"]
calls = ["identity"]
replicas = [2, 4]
cpu = "100m"
memory = "256Mi"
"""


def add_row(name: str, prefix: str, table: Path = TABLE) -> None:
    """The service's row: the next free `make dev` port, its events' prefix, its paths under /api/<name>."""
    services, _gateway = load(table)
    if any(s.name == name or s.prefix == prefix for s in services):
        raise ValueError(f"{name!r} / prefix {prefix!r}: kit/services.toml has a service of that name or prefix")
    port = max(s.port for s in services) + 1
    with table.open("a") as out:
        out.write(ROW.format(name=name, port=port, prefix=prefix))


def scaffold(name: str, *, prefix: str | None = None, services: Path = ROOT / "services", table: Path = TABLE) -> Path:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ValueError(f"{name!r}: a service name is a lower-case Python identifier")
    target = services / name
    if target.exists():
        raise FileExistsError(target)
    values = {"name": name, "prefix": prefix or name, "env": name.upper()}
    add_row(name, values["prefix"], table)
    for relative, template in FILES.items():
        path = target / relative.format(**values)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(template.format(**values))
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", help="the package and folder name, e.g. studios")
    parser.add_argument("--prefix", help="its events' prefix and stream (default: the name)")
    args = parser.parse_args()
    target = scaffold(args.name, prefix=args.prefix)
    print(
        f"created {target.relative_to(ROOT)}; now `uv sync --all-packages`, review its row in kit/services.toml"
        " and run `python deploy/generate.py && python k8s/generate.py` (docs/development.md)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
