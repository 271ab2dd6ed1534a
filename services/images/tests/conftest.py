from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto.server import ThreadedMotoServer

from kit.testing import ServiceSpec

pytest_plugins = ["kit.testing.plugin"]

# One folder for the session's local storage; tests compare its content before and after.
STORAGE_DIR = Path(tempfile.mkdtemp(prefix="cypher-images-tests-"))


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of("images", storage_dir=STORAGE_DIR)


@pytest.fixture(scope="session", autouse=True)
def _storage_dir() -> Iterator[None]:
    yield
    shutil.rmtree(STORAGE_DIR, ignore_errors=True)


@pytest.fixture
def stored_files() -> Callable[[], set[str]]:
    """Every file under the session's local storage, as relative paths."""
    return lambda: {str(p.relative_to(STORAGE_DIR)) for p in STORAGE_DIR.rglob("*") if p.is_file()}


@pytest.fixture(scope="session")
def moto_s3() -> Iterator[str]:
    """moto in server mode, standing in for S3 (a third party) over real HTTP, on a free port."""
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


S3_KEYS = {"region_name": "us-east-1", "aws_access_key_id": "test", "aws_secret_access_key": "test"}


@pytest.fixture
def s3_bucket(moto_s3: str) -> dict[str, Any]:
    """A new, empty bucket on the moto server; the settings that point the service at it."""
    name = f"b-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=moto_s3, **S3_KEYS).create_bucket(Bucket=name)
    return {
        "s3_bucket": name,
        "s3_endpoint_url": moto_s3,
        "s3_access_key_id": "test",
        "s3_secret_access_key": "test",
        "s3_prefix": "images",
    }
