"""The refresh cookie is Secure outside local development: development and tests run on http://localhost."""

from __future__ import annotations

import pytest

from identity.config import Settings


@pytest.mark.parametrize(("env", "secure"), [("production", True), ("development", False), ("test", False)])
def test_secure_everywhere_but_local_development(env: str, secure: bool) -> None:
    settings = Settings(
        env=env,  # type: ignore[arg-type]
        jwt_private_key="a real key",
        internal_token_secret="a real secret of at least 32 characters",
        database_url="postgresql+asyncpg://cypher@db/identity",
        public_url="https://cypher.example",
    )
    assert settings.secure_cookies is secure


def test_an_explicit_setting_wins() -> None:
    assert Settings(env="development", cookie_secure=True).secure_cookies is True
