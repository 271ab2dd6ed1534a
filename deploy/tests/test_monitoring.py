"""k8s/monitoring: the alerts under promtool, the Prometheus Operator objects checked against the workloads they
select (their CRDs are not in any schema set here, as CloudNativePG's are not: these tests are their check), and
the Grafana dashboards' queries against the metrics that exist."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

MONITORING = Path(__file__).resolve().parents[2] / "k8s/monitoring"
OVERLAYS = ("staging", "production")

# Metrics the platform's code exports (kit.metrics, the gateway), and the few of kube-state-metrics, CloudNativePG
# and prometheus-nats-exporter the alerts and dashboards read.
OURS = {
    "http_requests_total",
    "http_request_duration_seconds",
    "gateway_requests_total",
    "outbox_oldest_age_seconds",
    "outbox_pending",
    "consumer_pending",
    "consumer_messages_total",
    "nats_connected",
    "db_pool_waiting",
    "db_pool_in_use",
    "live_subscribers",
    "live_delivery_seconds",
    "checkins_total",
    "mail_queue_pending",
    "client_errors_total",
}
THEIRS = {"kube_deployment_status_replicas_available", "cnpg_backends_total", "nats_varz_connections"}
# What a query may name besides metrics: PromQL's functions, aggregations and keywords.
PROMQL = {
    "sum", "max", "min", "avg", "count", "rate", "increase", "irate", "histogram_quantile", "by", "without", "and",
    "or", "unless", "on", "ignoring", "label_values", "abs", "clamp_min", "time", "vector", "bool", "offset",
}  # fmt: skip


def metric_names(query: str) -> set[str]:
    """The metrics a PromQL query reads: label matchers, ranges, grouping and strings taken out first."""
    query = re.sub(r'"[^"]*"', "", query)
    query = re.sub(r"\{[^}]*\}", "", query)
    query = re.sub(r"\[[^\]]*\]", "", query)
    query = re.sub(r"\b(by|without|on|ignoring)\s*\([^)]*\)", "", query)
    query = re.sub(r"label_values\(\s*([a-zA-Z_:][\w:]*)\s*,[^)]*\)", r"\1", query)
    names = set(re.findall(r"(?<![\w.$])[a-zA-Z_:][\w:]*", query)) - PROMQL
    return {
        re.sub(r"_(bucket|sum|count)$", "", name) if name.endswith(("_bucket", "_sum", "_count")) else name
        for name in names
    }


def documents(name: str) -> list[dict[str, Any]]:
    return [d for d in yaml.safe_load_all((MONITORING / name).read_text()) if d]


def workloads(root: Path) -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((root / "k8s/base/kustomization.yaml").read_text())
    docs = []
    for resource in kustomization["resources"]:
        docs += [d for d in yaml.safe_load_all((root / "k8s/base" / resource).read_text()) if d]
    return docs


def promtool() -> str:
    found = shutil.which("promtool")
    assert found, "promtool is missing: install Debian's `prometheus` package (.ci/run does)"
    return found


def test_promtool_checks_the_rules() -> None:
    result = subprocess.run(
        [promtool(), "check", "rules", "rules.yaml"], cwd=MONITORING, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_promtool_unit_tests_pass() -> None:
    result = subprocess.run(
        [promtool(), "test", "rules", "rules.test.yaml"], cwd=MONITORING, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def alerts() -> list[dict[str, Any]]:
    rules = yaml.safe_load((MONITORING / "rules.yaml").read_text())
    return [rule for group in rules["groups"] for rule in group["rules"] if "alert" in rule]


def test_every_alert_is_tested_firing_and_quiet_and_has_a_runbook(root: Path) -> None:
    tests = yaml.safe_load((MONITORING / "rules.test.yaml").read_text())["tests"]
    cases = [case for test in tests for case in test["alert_rule_test"]]
    runbook = (root / "docs/operations.md").read_text().lower()
    for alert in alerts():
        name = alert["alert"]
        mine = [case for case in cases if case["alertname"] == name]
        assert any(case.get("exp_alerts") for case in mine), f"{name} is never tested firing"
        assert any(not case.get("exp_alerts") for case in mine), f"{name} is never tested quiet"
        anchor = alert["annotations"]["runbook"].split("#", 1)[1]
        assert f"#### {name.lower()}" in runbook and anchor == name.lower(), f"{name} has no runbook line"


def test_the_prometheus_rule_is_the_tested_rules_file() -> None:
    (rule,) = documents("prometheusrule.yaml")
    assert rule["spec"] == yaml.safe_load((MONITORING / "rules.yaml").read_text())


def test_alerts_and_the_no_ready_pods_alert_know_every_deployment(root: Path) -> None:
    deployments = {d["metadata"]["name"] for d in workloads(root) if d["kind"] == "Deployment"}
    (no_pods,) = [a for a in alerts() if a["alert"] == "CypherNoReadyPods"]
    listed = re.search(r'deployment=~"([^"]+)"', no_pods["expr"])
    assert listed and set(listed.group(1).split("|")) == deployments
    for alert in alerts():
        assert metric_names(alert["expr"]) <= OURS | THEIRS, alert["alert"]


def crd_objects() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((MONITORING / "kustomization.yaml").read_text())
    return [d for resource in kustomization["resources"] for d in documents(resource)]


def test_monitoring_objects_have_the_shape_their_crds_ask(root: Path) -> None:
    """The keys the Prometheus Operator requires, and the label kube-prometheus-stack selects by."""
    kinds = {"ServiceMonitor": "endpoints", "PodMonitor": "podMetricsEndpoints", "PrometheusRule": "groups"}
    objects = crd_objects()
    assert {o["kind"] for o in objects} == set(kinds)
    for obj in objects:
        assert set(obj) == {"apiVersion", "kind", "metadata", "spec"}, obj["kind"]
        assert obj["apiVersion"] == "monitoring.coreos.com/v1"
        assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", obj["metadata"]["name"])
        assert obj["metadata"]["labels"]["release"] == "kube-prometheus-stack"
        assert obj["spec"][kinds[obj["kind"]]], obj["metadata"]["name"]


def test_every_workload_is_scraped_on_a_port_its_service_names(root: Path) -> None:
    docs = workloads(root)
    services = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Service"}
    monitors = {o["metadata"]["name"]: o for o in crd_objects() if o["kind"] == "ServiceMonitor"}
    python = {d["metadata"]["name"] for d in docs if d["kind"] == "Deployment"} - {"web"}  # web is nginx
    assert set(monitors) == python
    for name, monitor in monitors.items():
        selected = [
            s
            for s in services.values()
            if monitor["spec"]["selector"]["matchLabels"].items() <= s["metadata"]["labels"].items()
        ]
        assert [s["metadata"]["name"] for s in selected] == [name]
        ports = {p["name"] for p in selected[0]["spec"]["ports"]}
        for endpoint in monitor["spec"]["endpoints"]:
            assert endpoint["port"] in ports and endpoint["path"] == "/metrics"
    assert monitors["gateway"]["spec"]["endpoints"][0]["honorLabels"] is True  # gateway_requests_total{service}


def test_pod_monitors_select_the_platforms_pods(root: Path) -> None:
    """CloudNativePG labels its instances `cnpg.io/cluster` with `cnpg.io/podRole: instance` and the Pooler's pods
    `cnpg.io/poolerName`; the NATS
    chart's servers are `app.kubernetes.io/name: nats`, component `nats` (nats-box shares the name), of release
    `nats`, its exporter on `prom-metrics`."""
    platform = [d for d in yaml.safe_load_all((root / "k8s/platform/postgres.yaml").read_text()) if d]
    names = {(d["kind"], d["metadata"]["name"]) for d in platform}
    helm = yaml.safe_load((root / "k8s/platform/kustomization.yaml").read_text())["helmCharts"][0]
    expected = {
        "cypher-postgres": (
            {"cnpg.io/cluster": "cypher-postgres", "cnpg.io/podRole": "instance"},
            "metrics",
            ("Cluster", "cypher-postgres"),
        ),
        "cypher-postgres-pooler-rw": (
            {"cnpg.io/poolerName": "cypher-postgres-pooler-rw"},
            "metrics",
            ("Pooler", "cypher-postgres-pooler-rw"),
        ),
        "nats": (
            {
                "app.kubernetes.io/name": helm["name"],
                "app.kubernetes.io/instance": helm["releaseName"],
                "app.kubernetes.io/component": "nats",
            },
            "prom-metrics",
            None,
        ),
    }
    monitors = {o["metadata"]["name"]: o for o in crd_objects() if o["kind"] == "PodMonitor"}
    assert set(monitors) == set(expected)
    for name, (labels, port, owner) in expected.items():
        spec = monitors[name]["spec"]
        assert spec["selector"]["matchLabels"] == labels and spec["podMetricsEndpoints"][0]["port"] == port
        assert owner is None or owner in names
    assert helm["valuesInline"]["promExporter"]["enabled"] is True


def dashboards() -> dict[str, dict[str, Any]]:
    return {path.stem: json.loads(path.read_text()) for path in sorted((MONITORING / "dashboards").glob("*.json"))}


def queries(dashboard: dict[str, Any]) -> list[str]:
    found = [t["expr"] for panel in dashboard["panels"] for t in panel.get("targets", [])]
    for variable in dashboard.get("templating", {}).get("list", []):
        if isinstance(variable.get("query"), dict):
            found.append(variable["query"]["query"])
    return found


def test_dashboards_parse_and_read_only_metrics_that_exist() -> None:
    boards = dashboards()
    assert set(boards) == {"platform", "battle-day"}
    for name, board in boards.items():
        assert board["uid"] and board["title"] and board["panels"], name
        for query in queries(board):
            unknown = metric_names(query) - OURS - THEIRS
            assert not unknown, f"{name}: {query} reads {unknown}"
    battle = " ".join(queries(boards["battle-day"]))
    for metric in ("live_subscribers", "live_delivery_seconds_bucket", "checkins_total", "client_errors_total"):
        assert metric in battle


def test_the_metric_name_reader_catches_an_unknown_metric() -> None:
    assert metric_names('sum by (service) (rate(http_requests_totl{status=~"5.."}[5m]))') == {"http_requests_totl"}
    assert metric_names("histogram_quantile(0.99, sum by (le) (rate(live_delivery_seconds_bucket[5m])))") == {
        "live_delivery_seconds"
    }


def test_dashboards_become_labelled_config_maps_in_every_overlay(root: Path) -> None:
    kustomization = yaml.safe_load((MONITORING / "kustomization.yaml").read_text())
    assert kustomization["generatorOptions"]["labels"]["grafana_dashboard"] == "1"
    files = {f for generator in kustomization["configMapGenerator"] for f in generator["files"]}
    assert files == {f"dashboards/{name}.json" for name in dashboards()}
    for overlay in OVERLAYS:
        resources = yaml.safe_load((root / f"k8s/overlays/{overlay}/kustomization.yaml").read_text())["resources"]
        assert "../../monitoring" in resources, overlay


def test_ci_installs_promtool(root: Path) -> None:
    assert "command -v promtool >/dev/null 2>&1 || missing+=(prometheus)" in (root / ".ci/run").read_text()


def test_the_metrics_alerts_and_dashboards_read_are_the_ones_the_code_registers() -> None:
    """OURS is what the code exposes, not a list that may drift: each name is registered by the modules that
    serve /metrics (a counter's family is named without its `_total`)."""
    import importlib

    from prometheus_client import REGISTRY

    for module in ("kit.metrics", "gateway.metrics", "identity.mail.sender", "events.attendance.service"):
        importlib.import_module(module)
    registered = {family.name + ("_total" if family.type == "counter" else "") for family in REGISTRY.collect()}
    assert sorted(OURS - registered) == []
