"""Checks of what is not a service: contracts, containers, Kubernetes manifests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load(relative: str) -> ModuleType:
    path = ROOT / relative
    name = f"deploy_{path.stem}"  # `contracts` is the event payloads' package
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
