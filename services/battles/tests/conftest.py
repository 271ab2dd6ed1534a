from __future__ import annotations

import pytest

from kit.local import free_port
from kit.testing import ServiceSpec

pytest_plugins = ["kit.testing.plugin"]

# Nothing listens here: a profile missing from the projection stays unnamed (and a developer's running identity
# on 8101 is never reached by the tests).
UNREACHABLE_IDENTITY = f"http://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of("battles", identity_url=UNREACHABLE_IDENTITY)
