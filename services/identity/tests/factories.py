"""Small explicit factories: rows straight in the database, committed, without events."""

from __future__ import annotations

from datetime import date
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth.passwords import hash_password
from identity.models import Account, Notification, Profile
from kit.db import utcnow
from kit.events import Envelope
from kit.testing import as_user, eventually

PASSWORD = "correct horse battery"

_HASHES: dict[str, str] = {}


async def _hash(password: str) -> str:
    """One Argon2 hash per password for the whole run: hashing costs ~50 ms on purpose."""
    if password not in _HASHES:
        _HASHES[password] = await hash_password(password)
    return _HASHES[password]


COMPLETE = {
    "dancer_name": "Bboy Test",
    "full_name": "Test Dancer",
    "birthday": date(1995, 4, 12),
    "country": "United States",
    "city": "Brooklyn",
    "state": "NY",
}


async def create_account(
    session: AsyncSession,
    email: str = "dancer@example.com",
    *,
    password: str | None = PASSWORD,
    verified: bool = False,
    admin: bool = False,
    **profile: Any,
) -> tuple[Account, Profile]:
    """An account with its main profile (complete unless told otherwise)."""
    account = Account(
        email=email,
        password_hash=await _hash(password) if password else None,
        email_verified_at=utcnow() if verified else None,
        is_platform_admin=admin,
    )
    session.add(account)
    await session.flush()
    main = Profile(account_id=account.id, is_main=True, **(COMPLETE | profile))
    session.add(main)
    await session.commit()
    return account, main


async def add_profile(session: AsyncSession, account: Account, **fields: Any) -> Profile:
    profile = Profile(account_id=account.id, is_main=False, **(COMPLETE | fields))
    session.add(profile)
    await session.commit()
    return profile


async def create_notification(
    session: AsyncSession, profile: Profile, text: str = "Hello", **fields: Any
) -> Notification:
    notification = Notification(profile_id=profile.id, kind=fields.pop("kind", "info"), text=text, **fields)
    session.add(notification)
    await session.commit()
    return notification


def headers_for(account: Account, profile: Profile, *others: Profile, admin: bool = False) -> dict[str, str]:
    """As the gateway forwards them: acting as `profile`, the account holding it and `others`."""
    ids = (profile.id, *(p.id for p in others))
    return as_user(account.id, profile.id, profile_ids=ids, admin=admin)


def event_announced(
    kind: type[Any],
    event_id: int,
    *,
    organizer_id: int = 1,
    title: str = "Jam",
    status: str = "published",
    **extra: Any,
) -> Envelope:
    """The events service's announcement `kind` of an event without dates or place; `extra` goes to the envelope."""
    payload = {
        "id": event_id,
        "orgId": None,
        "organizerId": organizer_id,
        "title": title,
        "image": None,
        "status": status,
        "startsAt": None,
        "endsAt": None,
        "timeZone": "UTC",
        "locationAddress": None,
        "lat": None,
        "lng": None,
    }
    return Envelope.of(kind.model_validate(payload), **extra)


async def stats_are(client: httpx.AsyncClient, profile_id: int, **expected: int) -> None:
    """The public profile comes to show these stats (`eventsAttended=2`): the consumers apply in the background."""

    async def check() -> bool:
        answer = (await client.get(f"/api/user/{profile_id}")).json()
        return all(answer[name] == value for name, value in expected.items())

    await eventually(check)
