"""Every built-in Kubernetes object of k8s/ against the API's schemas (kubernetes-validate, strict: no unknown
field) for the cluster version we run. The kinds of CloudNativePG and the Prometheus Operator have no schema here:
test_k8s.py and test_monitoring.py check those."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

KUBERNETES = "1.31"
CRD_GROUPS = ("postgresql.cnpg.io/", "monitoring.coreos.com/", "kustomize.config.k8s.io/")


def built_in(path: Path) -> list[dict[str, Any]]:
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d]
    return [d for d in docs if not d["apiVersion"].startswith(CRD_GROUPS)]


def dashboards(root: Path) -> list[dict[str, Any]]:
    """The ConfigMaps kustomize's configMapGenerator makes of k8s/monitoring's dashboards."""
    kustomization = yaml.safe_load((root / "k8s/monitoring/kustomization.yaml").read_text())
    labels = kustomization["generatorOptions"]["labels"]
    return [
        {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": generator["name"], "labels": labels},
            "data": {Path(f).name: (root / "k8s/monitoring" / f).read_text() for f in generator["files"]},
        }
        for generator in kustomization["configMapGenerator"]
    ]


def objects(root: Path) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for folder in ("base", "monitoring", "platform"):
        for path in sorted((root / "k8s" / folder).glob("*.yaml")):
            if path.name in ("kustomization.yaml", "rules.yaml", "rules.test.yaml"):
                continue
            found += [(f"{folder}/{path.name}", d) for d in built_in(path)]
    return found + [("monitoring/dashboards", d) for d in dashboards(root)]


def test_every_built_in_object_is_valid(root: Path) -> None:
    checked = objects(root)
    kinds = {d["kind"] for _, d in checked}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "NetworkPolicy", "Ingress", "ConfigMap"} <= kinds
    for where, document in checked:
        try:
            kubernetes_validate.validate(document, KUBERNETES, strict=True)
        except kubernetes_validate.ValidationError as exc:
            pytest.fail(f"{where} {document['kind']}/{document['metadata']['name']}: {exc.message} at {exc.path}")


def test_the_validator_refuses_an_unknown_field() -> None:
    deployment = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "x"}, "spec": {"replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES, strict=True)


@pytest.mark.parametrize("overlay", ["staging", "production"])
def test_every_overlay_builds_and_is_valid(root: Path, overlay: str) -> None:
    """What an overlay applies: built as `kubectl apply -k` would (kubectl's kustomize), every built-in object
    strictly valid, every image tagged and no Deployment an HPA owns carrying replicas."""
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl is needed to build the overlays (kubectl kustomize)"
    built = subprocess.run(
        [kubectl, "kustomize", str(root / "k8s" / "overlays" / overlay)], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stderr
    documents = [d for d in yaml.safe_load_all(built.stdout) if d]
    scaled = {d["spec"]["scaleTargetRef"]["name"] for d in documents if d["kind"] == "HorizontalPodAutoscaler"}
    assert scaled, "no HorizontalPodAutoscaler in the overlay"
    for document in documents:
        name = f"{document['kind']}/{document['metadata']['name']}"
        if not document["apiVersion"].startswith(CRD_GROUPS):
            try:
                kubernetes_validate.validate(document, KUBERNETES, strict=True)
            except kubernetes_validate.ValidationError as exc:
                pytest.fail(f"{overlay} {name}: {exc.message} at {exc.path}")
        if document["kind"] == "Deployment":
            assert "replicas" not in document["spec"] or document["metadata"]["name"] not in scaled, name
            for container in document["spec"]["template"]["spec"]["containers"]:
                image = container["image"]
                assert ":" in image.rsplit("/", 1)[-1] and not image.endswith(":latest"), f"{name}: {image}"
