"""The production shape in k8s/: checked by reading the manifests (no cluster here)."""

from __future__ import annotations

import re
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
        assert (root / "k8s" / name).read_text() == text, f"k8s/{name} is stale: run k8s/generate.py"


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


def platform_documents(root: Path) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all((root / "k8s/platform/postgres.yaml").read_text()) if d]


def config_map(documents: list[dict[str, Any]]) -> dict[str, str]:
    return by_kind(documents, "ConfigMap")["cypher-config"]["data"]


def main_container(deployment: dict[str, Any]) -> dict[str, Any]:
    return deployment["spec"]["template"]["spec"]["containers"][0]


# Room in max_connections besides what the test adds up: the operator's and the exporter's connections, the
# Pooler's auth queries, people with psql (docs/operations.md, "Capacity").
OPS_MARGIN = 40


def listeners(root: Path, name: str) -> int:
    """A pod's LISTEN connections: the kit's outbox relay, and each NotifiedLoop the service makes of its own."""
    own = sum(path.read_text().count("NotifiedLoop(") for path in (root / "services" / name / "src").rglob("*.py"))
    return 1 + own


def test_connections_at_max_replicas_fit_the_cluster(root: Path, documents: list[dict[str, Any]]) -> None:
    """Every Deployment at its autoscaler's maximum plus its one rollout surge pod, each pod's pools full: the
    pools are client connections to the Pooler, whose server side is bounded per database; LISTEN (and a starting
    pod's migration, before its LISTEN opens) go to the cluster directly. Together they stay under max_connections
    less the superuser reserve and a margin for operations."""
    platform = platform_documents(root)
    cluster = by_kind(platform, "Cluster")["cypher-postgres"]
    pooler = by_kind(platform, "Pooler")["cypher-postgres-pooler-rw"]
    parameters = cluster["spec"]["postgresql"]["parameters"]
    max_connections = int(parameters["max_connections"])
    reserved = int(parameters.get("superuser_reserved_connections", 3))  # PostgreSQL's default
    assert pooler["spec"]["cluster"]["name"] == "cypher-postgres" and pooler["spec"]["type"] == "rw"
    bouncer = pooler["spec"]["pgbouncer"]
    assert bouncer["poolMode"] == "transaction"
    pgbouncer = {key: int(value) for key, value in bouncer["parameters"].items()}
    per_database = min(pgbouncer["max_db_connections"], pgbouncer["default_pool_size"] + pgbouncer["reserve_pool_size"])

    scalers = by_kind(documents, "HorizontalPodAutoscaler")
    databases = direct = clients = 0
    for name, deployment in by_kind(documents, "Deployment").items():
        container = main_container(deployment)
        refs = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in container.get("env", []) if "valueFrom" in e}
        if f"{name.upper()}_DATABASE_URL" not in refs:
            continue
        databases += 1
        assert refs[f"{name.upper()}_DATABASE_URL"] == {"name": f"cypher-db-{name}", "key": "url"}  # the Pooler
        assert refs[f"{name.upper()}_DATABASE_DIRECT_URL"] == {"name": f"cypher-db-{name}", "key": "direct-url"}
        migrate = deployment["spec"]["template"]["spec"]["initContainers"][0]
        migrate_url = next(e for e in migrate["env"] if e["name"] == f"{name.upper()}_DATABASE_URL")
        assert migrate_url["valueFrom"]["secretKeyRef"]["key"] == "direct-url"  # a session-level advisory lock
        values = {e["name"]: e.get("value") for e in container["env"]}
        pool = sum(
            int(values[f"{name.upper()}_{key}"]) for key in ("DB_POOL_SIZE", "DB_MAX_OVERFLOW", "DB_READ_POOL_SIZE")
        )
        surge = deployment["spec"]["strategy"]["rollingUpdate"]["maxSurge"]
        pods = scalers[name]["spec"]["maxReplicas"] + surge
        direct += pods * max(listeners(root, name), 1)
        clients += pods * pool
        config = pytest.importorskip(f"{name}.config")
        prefix = config.Settings.model_config["env_prefix"]
        assert prefix == f"{name.upper()}_"
        fields = set(config.Settings.model_fields)
        assert {"db_pool_size", "db_max_overflow", "db_read_pool_size", "database_direct_url"} <= fields
    server = pooler["spec"]["instances"] * databases * per_database
    assert databases == 6
    # Every client may land on one Pooler instance (a Service spreads connections, not guarantees).
    assert clients <= pgbouncer["max_client_conn"], f"{clients} client connections against max_client_conn"
    budget = max_connections - reserved - OPS_MARGIN
    assert server + direct <= budget, f"{server} through the Pooler + {direct} direct against {budget}"


def test_an_autoscaler_owns_its_deployments_replicas(documents: list[dict[str, Any]]) -> None:
    """A `replicas` in the file would reset the autoscaler's count on every apply."""
    deployments = by_kind(documents, "Deployment")
    scaled = {s["spec"]["scaleTargetRef"]["name"] for s in by_kind(documents, "HorizontalPodAutoscaler").values()}
    assert scaled
    for name in scaled:
        assert "replicas" not in deployments[name]["spec"], name
    for name in set(deployments) - scaled:
        assert deployments[name]["spec"]["replicas"] >= 1, name


@pytest.mark.parametrize("overlay", [None, "staging", "production"])
def test_every_image_is_tagged(root: Path, documents: list[dict[str, Any]], overlay: str | None) -> None:
    tags = {
        i["name"]: i["newTag"] for i in yaml.safe_load((root / "k8s/base/kustomization.yaml").read_text())["images"]
    }
    if overlay:
        overlaid = yaml.safe_load((root / f"k8s/overlays/{overlay}/kustomization.yaml").read_text())
        tags |= {i["name"]: i["newTag"] for i in overlaid.get("images", [])}
    pods = [d["spec"]["template"]["spec"] for d in by_kind(documents, "Deployment").values()]
    images = [c["image"] for pod in pods for c in pod["containers"] + pod.get("initContainers", [])]
    assert images
    for image in images:
        name, _, tag = image.partition(":")
        tag = tags.get(name, tag)
        assert tag and tag != "latest", f"{image} has no tag in {overlay or 'base'}"


def test_the_ingress_serves_tls_from_cert_manager(root: Path, documents: list[dict[str, Any]]) -> None:
    ingress = by_kind(documents, "Ingress")["cypher"]
    assert ingress["metadata"]["annotations"]["cert-manager.io/cluster-issuer"]
    hosts = [rule["host"] for rule in ingress["spec"]["rules"]]
    assert ingress["spec"]["tls"] == [{"hosts": hosts, "secretName": "cypher-tls"}]
    # Production's host is set on the rule, the certificate and the public URLs alike.
    production = yaml.safe_load((root / "k8s/overlays/production/kustomization.yaml").read_text())
    operations = [op for patch in production["patches"] for op in yaml.safe_load(patch["patch"])]
    values = {op["path"]: op["value"] for op in operations}
    host = values["/spec/rules/0/host"]
    assert values["/spec/tls/0/hosts/0"] == host
    for key in ("IDENTITY_PUBLIC_URL", "EVENTS_PUBLIC_URL", "GATEWAY_PUBLIC_URL"):
        assert values[f"/data/{key}"] == f"https://{host}"


def overlay_config(root: Path, overlay: str) -> dict[str, str]:
    """What an overlay's patches of cypher-config set (op add or replace), by key."""
    kustomization = yaml.safe_load((root / f"k8s/overlays/{overlay}/kustomization.yaml").read_text())
    patches = [p for p in kustomization.get("patches", []) if p["target"].get("name") == "cypher-config"]
    operations = [op for patch in patches for op in yaml.safe_load(patch["patch"])]
    return {op["path"].removeprefix("/data/"): op["value"] for op in operations if op["op"] in ("add", "replace")}


@pytest.mark.parametrize("overlay", ["staging", "production"])
def test_the_overlays_site_configuration_is_one_the_gateway_takes(
    root: Path, documents: list[dict[str, Any]], overlay: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gateway.config import Settings

    values = config_map(documents) | overlay_config(root, overlay)
    for key, value in values.items():
        if key.startswith("GATEWAY_"):
            monkeypatch.setenv(key, value)
    site = Settings().site()  # a bad address would stop the gateway at startup: here the test
    credit = re.sub(r"<[^>]+>", "", site.attribution)
    assert site.tile_url and "OpenStreetMap contributors" in credit, "the tiles' licence asks for the credit"
    # OpenStreetMap's own tile servers are for light use only (their tile usage policy): staging, never production
    public_osm = "tile.openstreetmap.org" in site.tile_url
    assert public_osm == (overlay == "staging")
    assert bool(site.socials) == (overlay == "production")


def test_streams_are_replicated_on_the_nats_cluster(root: Path, documents: list[dict[str, Any]]) -> None:
    platform = yaml.safe_load((root / "k8s/platform/kustomization.yaml").read_text())
    nats = platform["helmCharts"][0]["valuesInline"]
    assert int(config_map(documents)["NATS_STREAM_REPLICAS"]) == nats["config"]["cluster"]["replicas"] == 3
    assert nats["promExporter"]["enabled"] is True  # k8s/monitoring's PodMonitor scrapes it


def test_the_database_is_backed_up_daily_to_object_storage(root: Path) -> None:
    platform = platform_documents(root)
    cluster = by_kind(platform, "Cluster")["cypher-postgres"]
    store = cluster["spec"]["backup"]["barmanObjectStore"]
    assert store["destinationPath"].startswith("s3://")
    assert {ref["name"] for ref in store["s3Credentials"].values()} == {"cypher-backup-s3"}
    assert "monitoring" not in cluster["spec"]  # enablePodMonitor is deprecated: k8s/monitoring has the PodMonitor
    (backup,) = by_kind(platform, "ScheduledBackup").values()
    assert backup["spec"]["cluster"]["name"] == "cypher-postgres"
    assert backup["spec"]["method"] == "barmanObjectStore"
    seconds, minutes, hours, day, month, weekday = backup["spec"]["schedule"].split()
    assert (day, month, weekday) == ("*", "*", "*") and hours.isdigit(), "once a day"


# Identity hashes at most 4 passwords at once (Argon2id, 19 MiB each) over a process of about 310 MiB.
ARGON2_CONCURRENCY, ARGON2_MIB, IDENTITY_BASELINE_MIB = 4, 19, 310


def test_identity_has_memory_for_its_concurrent_hashes(documents: list[dict[str, Any]]) -> None:
    resources = main_container(by_kind(documents, "Deployment")["identity"])["resources"]
    limit = resources["limits"]["memory"]
    assert limit.endswith("Mi") and resources["requests"]["memory"] == limit
    assert int(limit[:-2]) >= IDENTITY_BASELINE_MIB + ARGON2_CONCURRENCY * ARGON2_MIB + 64  # and some headroom


def documented_secrets(root: Path) -> dict[str, set[str]]:
    """docs/operations.md's table of the secrets ops create: | `name` | `key`, `key` | what |."""
    text = (root / "docs/operations.md").read_text()
    section = text.split("## Secrets", 1)[1].split("\n## ", 1)[0]
    secrets: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`"):
            keys = {k.strip().strip("`") for k in cells[1].split(",")}
            names = [cells[0].strip("`")]
            # <service>: each service with a database; <role>: each managed role (identity's owner is the
            # cluster's bootstrap owner, whose secret the operator makes).
            databases = ("identity", "organizations", "studios", "events", "battles", "images")
            for placeholder, values in (("<service>", databases), ("<role>", databases[1:])):
                if placeholder in names[0]:
                    names = [names[0].replace(placeholder, n) for n in values]
            for name in names:
                secrets[name] = keys
    return secrets


def secret_references(root: Path, documents: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Every (secret, key) a manifest reads: env secretKeyRefs, secret volumes, CloudNativePG's references."""
    refs: dict[str, set[str]] = {}
    for deployment in by_kind(documents, "Deployment").values():
        pod = deployment["spec"]["template"]["spec"]
        for container in pod["containers"] + pod.get("initContainers", []):
            for item in container.get("env", []):
                if ref := item.get("valueFrom", {}).get("secretKeyRef"):
                    refs.setdefault(ref["name"], set()).add(ref["key"])
        for volume in pod.get("volumes", []):
            if secret := volume.get("secret"):
                refs.setdefault(secret["secretName"], set()).update(i["key"] for i in secret["items"])
    cluster = by_kind(platform_documents(root), "Cluster")["cypher-postgres"]
    for role in cluster["spec"]["managed"]["roles"]:  # basic-auth secrets
        refs.setdefault(role["passwordSecret"]["name"], set()).update({"username", "password"})
    for ref in cluster["spec"]["backup"]["barmanObjectStore"]["s3Credentials"].values():
        refs.setdefault(ref["name"], set()).add(ref["key"])
    return refs


def test_every_secret_key_is_documented_and_used(root: Path, documents: list[dict[str, Any]]) -> None:
    documented = documented_secrets(root)
    used = secret_references(root, documents)
    assert used == documented, "docs/operations.md's Secrets and the manifests' references differ"


def test_the_manifests_settings_start_in_production(
    root: Path, documents: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each service's settings, given the ConfigMap and its env (secrets as stand-in values), pass production's
    checks: no localhost public URL, images in object storage, no development secret."""
    data = config_map(documents)
    for name, deployment in by_kind(documents, "Deployment").items():
        if name in ("gateway", "web"):
            continue
        config = pytest.importorskip(f"{name}.config")
        env = dict(data)
        for item in main_container(deployment)["env"]:
            if "valueFrom" in item:
                url = "postgresql+asyncpg://u:p@cypher-postgres-pooler-rw:5432/db"
                env[item["name"]] = url if "DATABASE" in item["name"] else "s" * 48
            else:
                env[item["name"]] = item["value"]
        env.pop("IDENTITY_JWT_PRIVATE_KEY_FILE", None)
        env["IDENTITY_JWT_PRIVATE_KEY"] = "a mounted key"
        with monkeypatch.context() as patched:
            for key, value in env.items():
                patched.setenv(key, value)
            settings = config.Settings(_env_file=None)
        assert settings.is_production and settings.nats_stream_replicas == 3, name
        assert not settings.single_host, name
