from __future__ import annotations

import pytest

from kit.local import free_port
from kit.testing import ServiceSpec
from organizations.config import Settings

pytest_plugins = ["kit.testing.plugin", "kit.testing.images"]

# Nothing listens here: unless a test serves identity itself, a profile missing from the projection stays
# unnamed (and a developer's running identity on 8101 is never reached by the tests).
UNREACHABLE_IDENTITY = f"http://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of("organizations", identity_url=UNREACHABLE_IDENTITY)


@pytest.fixture(scope="session")
def settings(settings: Settings, images_url: str) -> Settings:
    return settings.model_copy(update={"images_url": images_url})
