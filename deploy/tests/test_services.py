"""The table of services (kit/services.toml) against the code and every file that lists the services."""

from __future__ import annotations

from pathlib import Path

import yaml
from conftest import load

from kit.platform import GATEWAY, SERVICES


def test_every_service_in_code_has_a_row_and_every_row_a_service(root: Path) -> None:
    apps = (root / "services").glob("*/src/*/app.py")
    # kit's app.py is the factory every service's app is made with, not a service.
    in_code = {p.parent.name for p in apps if p.parent.name == p.parents[2].name} - {"kit"}
    assert in_code == {row.name for row in SERVICES}, "services/<x>/src/<x>/app.py and kit/services.toml differ"


def test_generated_deploy_files_are_up_to_date(root: Path) -> None:
    for name, text in load("deploy/generate.py").render().items():
        assert (root / name).read_text() == text, f"{name} is stale: run deploy/generate.py"


def test_compose_runs_every_service_with_its_database_and_the_services_it_calls(root: Path) -> None:
    compose = yaml.safe_load((root / "docker-compose.yml").read_text())["services"]
    gateway = compose["gateway"]["environment"]
    for row in SERVICES:
        env = compose[row.name]["environment"]
        assert compose[row.name]["build"]["args"]["SERVICE"] == row.name
        assert env[f"{row.name.upper()}_DATABASE_URL"].endswith(f"@postgres:5432/{row.database_name}")
        for called in row.calls:
            assert env[f"{row.name.upper()}_{called.upper()}_URL"] == f"http://{called}:8000"
        assert gateway[f"GATEWAY_{row.name.upper()}_URL"] == f"http://{row.name}:8000"


def test_kubernetes_deploys_every_service_and_the_gateway_knows_it(root: Path) -> None:
    kustomization = yaml.safe_load((root / "k8s/base/kustomization.yaml").read_text())
    config = next(
        d for d in yaml.safe_load_all((root / "k8s/base/common.yaml").read_text()) if d and d["kind"] == "ConfigMap"
    )["data"]
    for row in (*SERVICES, GATEWAY):
        assert f"{row.name}.yaml" in kustomization["resources"]
    for row in SERVICES:
        assert config[f"GATEWAY_{row.name.upper()}_URL"] == f"http://{row.name}"
        for called in row.calls:
            assert config[f"{row.name.upper()}_{called.upper()}_URL"] == f"http://{called}"
