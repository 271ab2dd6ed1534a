from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from identity.auth.tokens import generate_private_key_pem
from identity.config import Settings
from kit.local import free_port
from kit.testing import ServiceSpec

pytest_plugins = ["kit.testing.plugin", "kit.testing.images"]

# The SMTP sink of this test session listens here; every app of the session sends to it.
SMTP_PORT = free_port()


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    from support import PUBLIC_URL  # the tests folder is importable once the kit's plugin is configured

    return ServiceSpec.of(
        "identity",
        background_tables=("mail",),  # the mail loop runs beside the requests
        jwt_private_key=generate_private_key_pem(),
        smtp_port=SMTP_PORT,
        public_url=PUBLIC_URL,
        mail_poll_seconds=0.2,
        mail_retry_max_seconds=0.5,
        smtp_timeout_seconds=5.0,
    )


@pytest.fixture(scope="session")
def smtp_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    from support import start_sink

    directory = tmp_path_factory.mktemp("mail")
    controller = start_sink(directory, SMTP_PORT)
    yield directory
    controller.stop()


@pytest.fixture
def mailbox(smtp_sink: Path) -> Any:
    from support import Mailbox

    box = Mailbox(smtp_sink)
    box.clear()
    return box


@pytest.fixture(scope="session")
def settings(settings: Settings, images_url: str) -> Settings:
    return settings.model_copy(update={"images_url": images_url})
