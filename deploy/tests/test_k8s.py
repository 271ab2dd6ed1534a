"""The production shape in k8s/: checked by reading the manifests (no cluster here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import load


@pytest.fixture(scope="module")
def documents(root: Path) -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((root / "k8s/base/kustomization.yaml").read_text())
    docs = []
    for resource in kustomization["resources"]:
        docs += [d for d in yaml.safe_load_all((root / "k8s/base" / resource).read_text()) if d]
    return docs


def by_kind(documents: list[dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in documents if d["kind"] == kind}


def test_generated_manifests_are_up_to_date(root: Path) -> None:
    generator = load("k8s/generate.py")
    rendered = generator.render()
    for name, text in rendered.items():
        assert (root / "k8s/base" / name).read_text() == text, f"k8s/base/{name} is stale: run k8s/generate.py"


def test_every_base_file_is_listed(root: Path) -> None:
    listed = set(yaml.safe_load((root / "k8s/base/kustomization.yaml").read_text())["resources"])
    assert listed == {p.name for p in (root / "k8s/base").glob("*.yaml")} - {"kustomization.yaml"}


def test_every_workload_has_probes_resources_and_runs_unprivileged(documents: list[dict[str, Any]]) -> None:
    deployments = by_kind(documents, "Deployment")
    assert {"identity", "organizations", "studios", "events", "battles", "images", "gateway", "web"} <= set(deployments)
    for name, deployment in deployments.items():
        spec = deployment["spec"]
        assert spec["strategy"]["rollingUpdate"]["maxUnavailable"] == 0, name
        pod = spec["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        for container in pod["containers"]:
            assert container["readinessProbe"] and container["livenessProbe"], name
            assert container["resources"]["requests"] and container["resources"]["limits"]["memory"], name
            assert container["securityContext"]["allowPrivilegeEscalation"] is False, name
            assert container["securityContext"]["readOnlyRootFilesystem"] is True, name
            assert "preStop" in container["lifecycle"], name


def test_services_with_a_database_migrate_before_starting(documents: list[dict[str, Any]]) -> None:
    for name, deployment in by_kind(documents, "Deployment").items():
        if name in ("gateway", "web"):
            continue
        init = deployment["spec"]["template"]["spec"]["initContainers"]
        assert init[0]["command"] == ["python", "-m", "kit.migrate", name]


def test_each_workload_has_a_service_budget_policy_and_autoscaler(documents: list[dict[str, Any]]) -> None:
    names = set(by_kind(documents, "Deployment"))
    assert names <= set(by_kind(documents, "Service"))
    assert names <= set(by_kind(documents, "PodDisruptionBudget"))
    assert names <= set(by_kind(documents, "NetworkPolicy"))
    assert names - {"web"} <= set(by_kind(documents, "HorizontalPodAutoscaler"))


# Besides the gateway, a service is called only by those that read its internal endpoints.
INTERNAL_READERS = {
    "images": ["identity", "organizations", "studios", "events"],  # kit.images: a referred image exists
    "identity": ["organizations", "studios", "events", "battles"],
}


def test_only_the_gateway_may_call_a_service(documents: list[dict[str, Any]]) -> None:
    for name, policy in by_kind(documents, "NetworkPolicy").items():
        if name in ("gateway", "web"):
            continue
        sources = [s for rule in policy["spec"]["ingress"] for s in rule["from"]]
        pods = [s["podSelector"]["matchLabels"] for s in sources if "podSelector" in s]
        expected = ["gateway", *INTERNAL_READERS.get(name, [])]
        assert pods == [{"app.kubernetes.io/name": n, "app.kubernetes.io/part-of": "cypher"} for n in expected], name


def test_every_call_a_service_may_make_is_admitted_by_the_callee(documents: list[dict[str, Any]]) -> None:
    """Egress alone is half a rule: organizations could send to identity while identity refused it."""
    policies = by_kind(documents, "NetworkPolicy")
    for caller, policy in policies.items():
        for rule in policy["spec"]["egress"]:
            for target in rule["to"]:
                callee = target.get("podSelector", {}).get("matchLabels", {}).get("app.kubernetes.io/name")
                if callee not in policies:
                    continue  # NATS, PostgreSQL, DNS: not ours
                sources = [s for r in policies[callee]["spec"]["ingress"] for s in r["from"]]
                names = {
                    s["podSelector"]["matchLabels"].get("app.kubernetes.io/name") for s in sources if "podSelector" in s
                }
                assert caller in names, f"{caller} may call {callee}, which does not admit it"


def test_no_secret_values_in_the_repository(documents: list[dict[str, Any]]) -> None:
    assert not by_kind(documents, "Secret")
    for deployment in by_kind(documents, "Deployment").values():
        for container in deployment["spec"]["template"]["spec"]["containers"]:
            for item in container.get("env", []):
                if any(word in item["name"] for word in ("SECRET", "PASSWORD", "DATABASE_URL")):
                    assert "valueFrom" in item, item["name"]


def test_stateful_platform_comes_from_operators_and_charts(root: Path) -> None:
    platform = yaml.safe_load((root / "k8s/platform/kustomization.yaml").read_text())
    assert platform["helmCharts"][0]["name"] == "nats"
    assert platform["helmCharts"][0]["valuesInline"]["config"]["jetstream"]["enabled"] is True
    clusters = [d for d in yaml.safe_load_all((root / "k8s/platform/postgres.yaml").read_text()) if d]
    assert clusters[0]["apiVersion"].startswith("postgresql.cnpg.io/")


def test_every_pod_at_max_replicas_fits_the_databases_connections(root: Path, documents: list[dict[str, Any]]) -> None:
    """Pods scaled out to their autoscalers' maximum, each with its pools full, stay under max_connections with room
    for migrations and operators; and each service reads the sizes it is given (its settings' env prefix)."""
    cluster = next(d for d in yaml.safe_load_all((root / "k8s/platform/postgres.yaml").read_text()) if d)
    max_connections = int(cluster["spec"]["postgresql"]["parameters"]["max_connections"])
    scalers = by_kind(documents, "HorizontalPodAutoscaler")
    total = 0
    for name, deployment in by_kind(documents, "Deployment").items():
        env = {
            e["name"]: e.get("value") for e in deployment["spec"]["template"]["spec"]["containers"][0].get("env", [])
        }
        if f"{name.upper()}_DATABASE_URL" not in env:
            continue
        sizes = [int(env[f"{name.upper()}_{key}"]) for key in ("DB_POOL_SIZE", "DB_MAX_OVERFLOW", "DB_READ_POOL_SIZE")]
        assert all(size > 0 for size in sizes), name
        total += scalers[name]["spec"]["maxReplicas"] * sum(sizes)
        configured = ("identity", "organizations", "studios", "events", "battles", "images")
        config = pytest.importorskip(f"{name}.config") if name in configured else None
        if config is not None:
            prefix = config.Settings.model_config["env_prefix"]
            assert prefix == f"{name.upper()}_" and {"db_pool_size", "db_read_pool_size"} <= set(
                config.Settings.model_fields
            )
    assert 0 < total <= max_connections - 40, f"{total} connections at max replicas against {max_connections}"
