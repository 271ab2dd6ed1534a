"""Writes the Kubernetes manifests of k8s/base from the platform's table of services (kit/services.toml: name,
replicas, cpu, memory, whom it calls), so the services do not carry hand-copied YAML files.
`python k8s/generate.py` rewrites them; a test fails when they drift.

The production shape: every service a Deployment (rolling, zero downtime: maxUnavailable 0, a preStop pause
so endpoints drain), an init container migrating its database, startup/readiness/liveness probes, resources,
a HorizontalPodAutoscaler, a PodDisruptionBudget and a NetworkPolicy (only the gateway may call a service;
services reach only PostgreSQL, NATS and DNS). PostgreSQL runs under the CloudNativePG operator, NATS from
its official Helm chart (platform/).

It also writes k8s/monitoring: a ServiceMonitor per service, PodMonitors for the platform's pods and the
PrometheusRule made of monitoring/rules.yaml (the file promtool tests); docs/operations.md explains them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from kit.platform import GATEWAY
from kit.platform import SERVICES as ROWS

K8S = Path(__file__).resolve().parent
BASE = K8S / "base"
IMAGE = "ghcr.io/cypher-platform/{name}"

# name, has a database, min replicas, max replicas, cpu request, memory request/limit
SERVICES: list[tuple[str, bool, int, int, str, str]] = [
    (row.name, row.database, *row.replicas, row.cpu, row.memory) for row in (*ROWS, GATEWAY)
]

# The services reach PostgreSQL through the CloudNativePG Pooler (PgBouncer, transaction mode; k8s/platform/
# postgres.yaml): a pod's pools are client connections to PgBouncer, which shares a few server connections per
# database among them. So a pod's pools are sized for its own concurrency, and the cluster's max_connections bounds
# the Pooler's server side, the LISTEN connections and the migrations instead (deploy/tests/test_k8s.py adds them
# up; docs/operations.md, "Capacity"). A process's defaults (64 + 16 + 32) suit one process taking a whole
# machine's load (make bench), not one of 42 pods.
POOL = {"DB_POOL_SIZE": 10, "DB_MAX_OVERFLOW": 2, "DB_READ_POOL_SIZE": 8}
# The CloudNativePG cluster's rw service and the Pooler's (k8s/platform/postgres.yaml).
CLUSTER = "cypher-postgres"
POOLER = "cypher-postgres-pooler-rw"
RELEASE = "1.0.0"  # the image tag of k8s/base; an overlay's `images:` sets its own


def connection_budget() -> dict[str, int]:
    """Per pod: the ORM pool, its overflow and kit.rows' read pool (client connections to the Pooler)."""
    return dict(POOL)


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
        # `url` goes through the Pooler; `direct-url` to the cluster's rw service, for LISTEN (kit.workers).
        items += [
            {
                "name": f"{name.upper()}_DATABASE_URL",
                "valueFrom": {"secretKeyRef": {"name": f"cypher-db-{name}", "key": "url"}},
            },
            {
                "name": f"{name.upper()}_DATABASE_DIRECT_URL",
                "valueFrom": {"secretKeyRef": {"name": f"cypher-db-{name}", "key": "direct-url"}},
            },
        ]
        items += [{"name": f"{name.upper()}_{key}", "value": str(value)} for key, value in connection_budget().items()]
    if name == "identity":
        items.append({"name": "IDENTITY_JWT_PRIVATE_KEY_FILE", "value": "/var/run/secrets/cypher/jwt/private.pem"})
    if name == "identity":  # mail links (IDENTITY_PUBLIC_URL, the SMTP host: cypher-config) and its login
        items += [
            {
                "name": f"IDENTITY_SMTP_{key.upper()}",
                "valueFrom": {"secretKeyRef": {"name": "cypher-smtp", "key": key}},
            }
            for key in ("username", "password")
        ]
    if name == "images":  # object storage (IMAGES_S3_BUCKET: cypher-config); the local folder is refused
        items += [
            {
                "name": f"IMAGES_S3_{variable}",
                "valueFrom": {"secretKeyRef": {"name": "cypher-images-s3", "key": key}},
            }
            for variable, key in (("ACCESS_KEY_ID", "access-key"), ("SECRET_ACCESS_KEY", "secret-key"))
        ]
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
            # in-flight requests finish and live streams end with a retry hint: 5 s preStop + 20 s < the 30 s grace
            "--timeout-graceful-shutdown",
            "20",
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


def deployment(name: str, database: bool, cpu: str, memory: str) -> dict[str, Any]:
    """No `replicas`: the HorizontalPodAutoscaler owns it (an apply would otherwise reset it to the file's)."""
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
            # kit.migrate holds a session-level advisory lock: straight to the cluster, not through the Pooler.
            "env": [
                {
                    "name": f"{name.upper()}_DATABASE_URL",
                    "valueFrom": {"secretKeyRef": {"name": f"cypher-db-{name}", "key": "direct-url"}},
                }
                if item["name"] == f"{name.upper()}_DATABASE_URL"
                else item
                for item in env(name, database)
            ],
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
    if database:  # the Pooler's pods, and the cluster's for LISTEN and migrations
        egress.append(
            {
                "to": [
                    {"podSelector": {"matchLabels": {"cnpg.io/poolerName": POOLER}}},
                    {"podSelector": {"matchLabels": {"cnpg.io/cluster": CLUSTER}}},
                ],
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
    if name in INTERNET:  # object storage, SMTP, sign-in, payments and geocoding live outside the cluster
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
            deployment(name, database, cpu, memory),
            service(name),
            autoscaler(name, low, high),
            disruption_budget(name),
            network_policy(name, database),
        ]
    return files


def kustomization() -> str:
    """Every generated file between the shared ones (common.yaml) and the web app's and the ingress's."""
    resources = ["common.yaml", *(f"{name}.yaml" for name, *_ in SERVICES), "web.yaml", "ingress.yaml"]
    # Every image tagged (never an implicit `latest`); an overlay's `images:` replaces the tag with its release.
    images = [{"name": IMAGE.format(name=name), "newTag": RELEASE} for name in (*(n for n, *_ in SERVICES), "web")]
    document = {
        "apiVersion": "kustomize.config.k8s.io/v1beta1",
        "kind": "Kustomization",
        "resources": resources,
        "images": images,
    }
    return yaml.safe_dump(document, sort_keys=False)


# kube-prometheus-stack's Prometheus picks up the ServiceMonitors, PodMonitors and PrometheusRules labelled with
# its release (its default selectors; docs/operations.md, "Monitoring").
PROMETHEUS = {"release": "kube-prometheus-stack"}
# The pods of the platform (k8s/platform): CloudNativePG labels its instances and the Pooler's, the NATS chart its
# servers; their metrics ports are the operator's `metrics` and the chart exporter's `prom-metrics`.
POD_MONITORS = {
    "cypher-postgres": ({"cnpg.io/cluster": CLUSTER, "cnpg.io/podRole": "instance"}, "metrics"),
    POOLER: ({"cnpg.io/poolerName": POOLER}, "metrics"),
    # component `nats`: the servers, not the chart's nats-box (same name and instance).
    "nats": (
        {"app.kubernetes.io/name": "nats", "app.kubernetes.io/instance": "nats", "app.kubernetes.io/component": "nats"},
        "prom-metrics",
    ),
}
DASHBOARDS = ("platform", "battle-day")


def service_monitor(name: str) -> dict[str, Any]:
    endpoint: dict[str, Any] = {"port": "http", "path": "/metrics", "interval": "30s"}
    if name == "gateway":
        # gateway_requests_total's own `service` (the upstream) wins over the target's `service` (gateway).
        endpoint["honorLabels"] = True
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "ServiceMonitor",
        "metadata": {"name": name, "labels": labels(name) | PROMETHEUS},
        "spec": {"selector": {"matchLabels": labels(name)}, "endpoints": [endpoint]},
    }


def pod_monitor(name: str, selector: dict[str, str], port: str) -> dict[str, Any]:
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "PodMonitor",
        "metadata": {"name": name, "labels": {"app.kubernetes.io/part-of": "cypher"} | PROMETHEUS},
        "spec": {"selector": {"matchLabels": selector}, "podMetricsEndpoints": [{"port": port, "interval": "30s"}]},
    }


def prometheus_rule() -> dict[str, Any]:
    """The rules of monitoring/rules.yaml, the file `promtool test rules` checks, as a PrometheusRule."""
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "PrometheusRule",
        "metadata": {"name": "cypher", "labels": {"app.kubernetes.io/part-of": "cypher"} | PROMETHEUS},
        "spec": yaml.safe_load((K8S / "monitoring" / "rules.yaml").read_text()),
    }


def monitoring_kustomization() -> str:
    document = {
        "apiVersion": "kustomize.config.k8s.io/v1beta1",
        "kind": "Kustomization",
        "resources": ["servicemonitors.yaml", "podmonitors.yaml", "prometheusrule.yaml"],
        # Grafana's dashboard sidecar (kube-prometheus-stack) loads every ConfigMap labelled grafana_dashboard.
        "generatorOptions": {
            "disableNameSuffixHash": True,
            "labels": {"grafana_dashboard": "1", "app.kubernetes.io/part-of": "cypher"},
        },
        "configMapGenerator": [
            {"name": f"cypher-dashboard-{name}", "files": [f"dashboards/{name}.json"]} for name in DASHBOARDS
        ],
    }
    return yaml.safe_dump(document, sort_keys=False)


def render() -> dict[str, str]:
    """Every generated file, by its path under k8s/."""
    header = "# Generated by k8s/generate.py from kit/services.toml: edit that, not this file.\n"
    files = {f"base/{name}": header + yaml.safe_dump_all(docs, sort_keys=False) for name, docs in manifests().items()}
    monitoring = {
        "servicemonitors.yaml": [service_monitor(name) for name, *_ in SERVICES],
        "podmonitors.yaml": [pod_monitor(name, *spec) for name, spec in POD_MONITORS.items()],
        "prometheusrule.yaml": [prometheus_rule()],
    }
    rules_header = "# Generated by k8s/generate.py from monitoring/rules.yaml (and kit/services.toml).\n"
    files |= {
        f"monitoring/{name}": rules_header + yaml.safe_dump_all(docs, sort_keys=False)
        for name, docs in monitoring.items()
    }
    return files | {
        "base/kustomization.yaml": kustomization(),
        "monitoring/kustomization.yaml": monitoring_kustomization(),
    }


def main() -> int:
    rendered = render()
    if len(sys.argv) > 1 and sys.argv[1] == "check":
        stale = [n for n, text in rendered.items() if not (K8S / n).exists() or (K8S / n).read_text() != text]
        print("stale: " + ", ".join(stale) if stale else "k8s/base and k8s/monitoring match k8s/generate.py")
        return 1 if stale else 0
    for name, text in rendered.items():
        (K8S / name).parent.mkdir(exist_ok=True)
        (K8S / name).write_text(text)
    print(f"wrote {len(rendered)} files into k8s/base/ and k8s/monitoring/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
