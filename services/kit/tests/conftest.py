from __future__ import annotations

from pathlib import Path

import pytest

from kit.events import register_stream
from kit.testing import ServiceSpec

register_stream("kittest", "KITTEST")  # the sample service of these tests owns `kittest.>`

pytest_plugins = ["kit.testing.plugin"]


@pytest.fixture(scope="session")
def service_spec() -> ServiceSpec:
    # Only the database fixtures are used: these tests assemble relay, bus and consumers by hand.
    return ServiceSpec(
        name="kit",
        settings_factory=lambda **_: None,  # type: ignore[arg-type,return-value]
        app_factory=lambda _: None,  # type: ignore[arg-type,return-value]
        migrations_dir=Path(__file__).parent / "sample",
    )
