from __future__ import annotations

import httpx
import pytest
from factories import create_account
from sqlalchemy.ext.asyncio import AsyncSession

from identity import cli
from identity.config import Settings


async def test_set_platform_admin_grants_and_revokes(
    client: httpx.AsyncClient, session: AsyncSession, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    account, _ = await create_account(session, "boss@example.com")
    monkeypatch.setenv("IDENTITY_DATABASE_URL", settings.database_url)
    assert await cli.set_platform_admin(" BOSS@example.com ", True) is True
    await session.refresh(account)
    assert account.is_platform_admin is True
    assert await cli.set_platform_admin("boss@example.com", False) is True
    await session.refresh(account)
    assert account.is_platform_admin is False
    assert await cli.set_platform_admin("nobody@example.com", True) is False


def test_main_reports_an_unknown_email(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("IDENTITY_DATABASE_URL", settings.database_url)
    assert cli.main(["set-platform-admin", "nobody@example.com"]) == 1
    assert "no account with email nobody@example.com" in capsys.readouterr().err
