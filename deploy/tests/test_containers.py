"""No Docker engine runs here: these checks read docker-compose.yml and the Dockerfiles instead."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

SECRET_WORDS = re.compile(r"(password|secret|private_key|token|api_key)", re.IGNORECASE)


@pytest.fixture(scope="module")
def compose(root: Path) -> dict[str, Any]:
    return yaml.safe_load((root / "docker-compose.yml").read_text())  # type: ignore[no-any-return]


def deployed(root: Path) -> list[str]:
    """Every folder of services/ with an app (the kit and the event contracts are libraries)."""
    return sorted(
        p.parent.parent.parent.name for p in (root / "services").glob("*/src/*/app.py") if p.parent.name != "kit"
    )


def test_every_service_and_the_platform_pieces_are_present(compose: dict[str, Any], root: Path) -> None:
    services = compose["services"]
    for name in [*deployed(root), "gateway", "web", "postgres", "nats"]:
        assert name in services, f"{name} missing from docker-compose.yml"


def test_our_images_are_built_from_the_repository_dockerfiles(compose: dict[str, Any], root: Path) -> None:
    for name in [*deployed(root), "gateway", "web"]:
        build = compose["services"][name]["build"]
        assert build["context"] == "."
        assert (root / build["dockerfile"]).is_file()
        if build["dockerfile"].endswith("service.Dockerfile"):
            assert build["args"]["SERVICE"] == name


def test_every_container_has_a_healthcheck(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        assert service.get("healthcheck", {}).get("test"), f"{name} has no healthcheck"


def test_no_secret_is_written_inline(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        env = service.get("environment", {})
        for key, value in env.items():
            text = str(value)
            if SECRET_WORDS.search(key):
                assert text.startswith("${") or key.endswith("_FILE"), f"{name}.{key} holds a literal secret"
            # a password inside a URL must come from the environment too
            for credential in re.findall(r"://[^:/@]+:([^@]+)@", text):
                assert credential.startswith("${"), f"{name}.{key} embeds a literal password"


def test_relay_and_consumers_run_in_every_service(compose: dict[str, Any], root: Path) -> None:
    for name in deployed(root):
        env = compose["services"][name]["environment"]
        assert str(env.get(f"{name.upper()}_RUN_WORKERS", "true")).lower() == "true"
        assert env["NATS_URL"].startswith("nats://")


def test_dockerfiles_share_one_slim_base_run_unprivileged_and_check_health(root: Path) -> None:
    service = (root / "deploy/docker/service.Dockerfile").read_text()
    assert "ARG PYTHON_IMAGE=python:3.11-slim-bookworm" in service
    assert service.count("FROM ${PYTHON_IMAGE}") == 2
    assert re.search(r"^USER 10001", service, re.MULTILINE)
    assert "HEALTHCHECK" in service
    web = (root / "deploy/docker/web.Dockerfile").read_text()
    assert "nginx-unprivileged" in web and "HEALTHCHECK" in web


def test_dockerignore_keeps_local_state_out(root: Path) -> None:
    ignored = (root / ".dockerignore").read_text().split()
    for entry in (".run", ".venv", "web/node_modules", ".git"):
        assert entry in ignored
