from __future__ import annotations

import pytest

from events.config import Settings
from kit.local import free_port
from kit.testing import ServiceSpec

pytest_plugins = ["kit.testing.plugin", "kit.testing.images"]

# Nothing listens here: a profile missing from the projection stays unnamed, and a developer's running
# identity is never reached by the tests.
UNREACHABLE_IDENTITY = f"http://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    return ServiceSpec.of(
        "events",
        background_tables=("feedback_requests",),  # the feedback-request loop's statements (feedback/worker.py)
        identity_url=UNREACHABLE_IDENTITY,
        public_url="http://cypher.test",
    )


@pytest.fixture(scope="session")
def settings(settings: Settings, images_url: str) -> Settings:
    return settings.model_copy(update={"images_url": images_url})
