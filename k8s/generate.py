"""Writes the Kubernetes manifests of k8s/base from the platform's table of services (kit/services.toml: name,
replicas, cpu, memory, whom it calls), so the services do not carry hand-copied YAML files.
`python k8s/generate.py` rewrites them; a test fails when they drift.

The production shape: every service a Deployment (rolling, zero downtime: maxUnavailable 0, a preStop pause
so endpoints drain), an init container migrating its database, startup/readiness/liveness probes, resources,
a HorizontalPodAutoscaler, a PodDisruptionBudget and a NetworkPolicy (only the gateway may call a service;
services reach only PostgreSQL, NATS and DNS). PostgreSQL runs under the CloudNativePG operator, NATS from
its official Helm chart (platform/)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from kit.platform import GATEWAY
from kit.platform import SERVICES as ROWS

BASE = Path(__file__).resolve().parent / "base"
IMAGE = "ghcr.io/cypher-platform/{name}"

# name, has a database, min replicas, max replicas, cpu request, memory request/limit
SERVICES: list[tuple[str, bool, int, int, str, str]] = [
    (row.name, row.database, *row.replicas, row.cpu, row.memory) for row in (*ROWS, GATEWAY)
]

# Every pod of every service shares the cluster's max_connections (k8s/platform/postgres.yaml): each pod's pools
# are sized so that all services at their max replicas stay under it, with room left for migrations, operators and
# people. A process's defaults (64 + 16 + 32) suit one process taking a whole machine's load (make bench), not 36.
MAX_CONNECTIONS = 400
RESERVED_CONNECTIONS = 40


def connection_budget() -> dict[str, int]:
    """Per pod: the ORM pool, its overflow and kit.rows' read pool."""
    pods = sum(high for _name, database, _low, high, _cpu, _memory in SERVICES if database)
    per_pod = (MAX_CONNECTIONS - RESERVED_CONNECTIONS) // pods
    read = per_pod * 2 // 5
    overflow = 1
    return {"DB_POOL_SIZE": per_pod - read - overflow, "DB_MAX_OVERFLOW": overflow, "DB_READ_POOL_SIZE": read}


def labels(name: str) -> dict[str, str]:
    return {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": "cypher"}


def env(name: str, database: bool) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [
        {
            "name": "CYPHER_INTERNAL_TOKEN_SECRET",
            "valueFrom": {"secretKeyRef": {"name": "cypher-internal", "key": "token-secret"}},
        },
    ]
    if database:
        items.append(
            {
                "name": f"{name.upper()}_DATABASE_URL",
                "valueFrom": {"secretKeyRef": {"name": f"cypher-db-{name}", "key": "url"}},
            }
        )
        items += [{"name": f"{name.upper()}_{key}", "value": str(value)} for key, value in connection_budget().items()]
    if name == "identity":
        items.append({"name": "IDENTITY_JWT_PRIVATE_KEY_FILE", "value": "/var/run/secrets/cypher/jwt/private.pem"})
    if name == "events":
        # Card payments: Stripe in production (the service refuses the test provider there).
        items.append({"name": "EVENTS_PAYMENTS_PROVIDER", "value": "stripe"})
        items += [
            {
                "name": f"EVENTS_STRIPE_{key.upper().replace('-', '_')}",
                "valueFrom": {"secretKeyRef": {"name": "cypher-stripe", "key": key}},
            }
            for key in ("secret-key", "publishable-key", "webhook-secret")
        ]
    return items


def container(name: str, database: bool, cpu: str, memory: str) -> dict[str, Any]:
    probe = {
        "httpGet": {"path": "/readyz", "port": "http"},
        "periodSeconds": 5,
        "timeoutSeconds": 2,
        "failureThreshold": 3,
    }
    spec: dict[str, Any] = {
        "name": name,
        "image": IMAGE.format(name=name),
        "ports": [{"name": "http", "containerPort": 8000}],
        "command": [
            "uvicorn",
            f"{name}.app:create_app",
            "--factory",
            "--host",
            "0.0.0.0",
            "--port",
            "8000",
            "--no-access-log",
            "--no-proxy-headers",
            "--http",
            "kit.serving:HttpProtocol",  # a response's head and body in one write (docs/decisions.md)
        ],
        "envFrom": [{"configMapRef": {"name": "cypher-config"}}],
        "env": env(name, database),
        "startupProbe": {"httpGet": {"path": "/healthz", "port": "http"}, "periodSeconds": 2, "failureThreshold": 30},
        "readinessProbe": probe if name != "gateway" else probe | {"httpGet": {"path": "/healthz", "port": "http"}},
        "livenessProbe": {
            "httpGet": {"path": "/healthz", "port": "http"},
            "periodSeconds": 10,
            "timeoutSeconds": 2,
            "failureThreshold": 3,
        },
        "lifecycle": {"preStop": {"sleep": {"seconds": 5}}},
        "resources": {"requests": {"cpu": cpu, "memory": memory}, "limits": {"memory": memory}},
        "securityContext": {
            "allowPrivilegeEscalation": False,
            "readOnlyRootFilesystem": True,
            "capabilities": {"drop": ["ALL"]},
        },
        "volumeMounts": [{"name": "tmp", "mountPath": "/tmp"}],
    }
    if name == "identity":
        spec["volumeMounts"].append({"name": "jwt", "mountPath": "/var/run/secrets/cypher/jwt", "readOnly": True})
    return spec


def deployment(name: str, database: bool, replicas: int, cpu: str, memory: str) -> dict[str, Any]:
    pod: dict[str, Any] = {
        "serviceAccountName": "cypher",
        "automountServiceAccountToken": False,
        "terminationGracePeriodSeconds": 30,
        "securityContext": {
            "runAsNonRoot": True,
            "runAsUser": 10001,
            "runAsGroup": 10001,
            "fsGroup": 10001,
            "seccompProfile": {"type": "RuntimeDefault"},
        },
        "topologySpreadConstraints": [
            {
                "maxSkew": 1,
                "topologyKey": "kubernetes.io/hostname",
                "whenUnsatisfiable": "ScheduleAnyway",
                "labelSelector": {"matchLabels": labels(name)},
            }
        ],
        "containers": [container(name, database, cpu, memory)],
        "volumes": [{"name": "tmp", "emptyDir": {}}],
    }
    if database:
        migrate = {
            "name": "migrate",
            "image": IMAGE.format(name=name),
            "command": ["python", "-m", "kit.migrate", name],
            "envFrom": [{"configMapRef": {"name": "cypher-config"}}],
            "env": env(name, database),
            "resources": {"requests": {"cpu": "50m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
            "securityContext": {
                "allowPrivilegeEscalation": False,
                "readOnlyRootFilesystem": True,
                "capabilities": {"drop": ["ALL"]},
            },
        }
        pod["initContainers"] = [migrate]
    if name == "identity":
        pod["volumes"].append(
            {
                "name": "jwt",
                "secret": {
                    "secretName": "cypher-identity-jwt",
                    "items": [{"key": "private.pem", "path": "private.pem"}],
                },
            }
        )
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "replicas": replicas,
            "revisionHistoryLimit": 5,
            "selector": {"matchLabels": labels(name)},
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 0, "maxSurge": 1}},
            "template": {
                "metadata": {
                    "labels": labels(name),
                    "annotations": {
                        "prometheus.io/scrape": "true",
                        "prometheus.io/port": "8000",
                        "prometheus.io/path": "/metrics",
                    },
                },
                "spec": pod,
            },
        },
    }


def service(name: str) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {"selector": labels(name), "ports": [{"name": "http", "port": 80, "targetPort": "http"}]},
    }


def autoscaler(name: str, low: int, high: int) -> dict[str, Any]:
    return {
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": name},
            "minReplicas": low,
            "maxReplicas": high,
            "metrics": [
                {
                    "type": "Resource",
                    "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}},
                }
            ],
            "behavior": {"scaleDown": {"stabilizationWindowSeconds": 300}},
        },
    }


def disruption_budget(name: str) -> dict[str, Any]:
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {"minAvailable": 1, "selector": {"matchLabels": labels(name)}},
    }


# The services whose writes refer to images (kit.images asks the images service whether one exists).
IMAGE_READERS = tuple(row.name for row in ROWS if "images" in row.calls)
# The services that keep a profile projection (kit.profiles reads identity's /internal/profiles on a miss).
PROFILE_READERS = tuple(row.name for row in ROWS if "identity" in row.calls)
# The services that reach object storage, SMTP or a sign-in provider outside the cluster.
INTERNET = tuple(row.name for row in ROWS if row.internet)


def network_policy(name: str, database: bool) -> dict[str, Any]:
    if name == "gateway":
        ingress = [
            {
                "from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}],
                "ports": [{"port": 8000}],
            }
        ]
    else:
        ingress = [{"from": [{"podSelector": {"matchLabels": labels("gateway")}}], "ports": [{"port": 8000}]}]
    if name == "images":  # GET /internal/images: services check that an image a write refers to exists
        readers = [{"podSelector": {"matchLabels": labels(reader)}} for reader in IMAGE_READERS]
        ingress.append({"from": readers, "ports": [{"port": 8000}]})
    if name == "identity":  # GET /internal/profiles: a profile missing from a service's projection
        readers = [{"podSelector": {"matchLabels": labels(reader)}} for reader in PROFILE_READERS]
        ingress.append({"from": readers, "ports": [{"port": 8000}]})
    egress: list[dict[str, Any]] = [
        {
            "to": [{"namespaceSelector": {}, "podSelector": {"matchLabels": {"k8s-app": "kube-dns"}}}],
            "ports": [{"port": 53, "protocol": "UDP"}, {"port": 53, "protocol": "TCP"}],
        },
        {"to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "nats"}}}], "ports": [{"port": 4222}]},
    ]
    if database:
        egress.append(
            {
                "to": [{"podSelector": {"matchLabels": {"cnpg.io/cluster": "cypher-postgres"}}}],
                "ports": [{"port": 5432}],
            }
        )
    if name == "gateway":
        egress.append(
            {
                "to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/part-of": "cypher"}}}],
                "ports": [{"port": 8000}],
            }
        )
        # The app's page for the link previews of /event/{id} (the web pods' nginx).
        egress.append({"to": [{"podSelector": {"matchLabels": labels("web")}}], "ports": [{"port": 8080}]})
    if name in PROFILE_READERS:  # the rare internal read of a profile
        egress.append({"to": [{"podSelector": {"matchLabels": labels("identity")}}], "ports": [{"port": 8000}]})
    if name in IMAGE_READERS:  # kit.images: the existence of a referred image
        egress.append({"to": [{"podSelector": {"matchLabels": labels("images")}}], "ports": [{"port": 8000}]})
    if name in INTERNET:  # object storage, SMTP and the sign-in provider live outside the cluster
        egress.append(
            {
                "to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}],
                "ports": [{"port": 443}, {"port": 587}],
            }
        )
    # Prometheus scrapes every pod.
    ingress.append(
        {
            "from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
            "ports": [{"port": 8000}],
        }
    )
    return {
        "apiVersion": "networking.k8s.io/v1",
        "kind": "NetworkPolicy",
        "metadata": {"name": name, "labels": labels(name)},
        "spec": {
            "podSelector": {"matchLabels": labels(name)},
            "policyTypes": ["Ingress", "Egress"],
            "ingress": ingress,
            "egress": egress,
        },
    }


def manifests() -> dict[str, list[dict[str, Any]]]:
    files: dict[str, list[dict[str, Any]]] = {}
    for name, database, low, high, cpu, memory in SERVICES:
        files[f"{name}.yaml"] = [
            deployment(name, database, low, cpu, memory),
            service(name),
            autoscaler(name, low, high),
            disruption_budget(name),
            network_policy(name, database),
        ]
    return files


def kustomization() -> str:
    """Every generated file between the shared ones (common.yaml) and the web app's and the ingress's."""
    resources = ["common.yaml", *(f"{name}.yaml" for name, *_ in SERVICES), "web.yaml", "ingress.yaml"]
    document = {"apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization", "resources": resources}
    return yaml.safe_dump(document, sort_keys=False).replace("\n- ", "\n  - ")


def render() -> dict[str, str]:
    header = "# Generated by k8s/generate.py from kit/services.toml: edit that, not this file.\n"
    files = {name: header + yaml.safe_dump_all(docs, sort_keys=False) for name, docs in manifests().items()}
    return files | {"kustomization.yaml": kustomization()}


def main() -> int:
    rendered = render()
    if len(sys.argv) > 1 and sys.argv[1] == "check":
        stale = [n for n, text in rendered.items() if not (BASE / n).exists() or (BASE / n).read_text() != text]
        print("stale: " + ", ".join(stale) if stale else "k8s/base matches k8s/generate.py")
        return 1 if stale else 0
    BASE.mkdir(exist_ok=True)
    for name, text in rendered.items():
        (BASE / name).write_text(text)
    print(f"wrote {len(rendered)} files into k8s/base/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
