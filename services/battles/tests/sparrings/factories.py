"""A bracket battle ready to run: its event, dancers registered, two judges, the bracket's sparrings built from its
rules (battle.factories.create_bracket); and what the tests read back (the outbox)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx
from battle.cast import HOST, JUDGE, ORGANIZER, STRANGER
from battle.factories import create_battle, create_bracket, create_event, create_profiles, headers
from sqlalchemy import column, select, table
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from battles.brackets.rules import Spot
from battles.models import Sparring

JUDGE_2 = 6
VOTER = 8  # someone of the audience

SEMI_LEFT, SEMI_RIGHT, FINAL = Spot("left", 1, 0), Spot("right", 1, 0), Spot("final", 1, 0)


async def bracket_battle(
    client: httpx.AsyncClient,
    session: AsyncSession,
    *,
    dancers: Sequence[int] = (10, 11, 12, 13),
    size: int = 4,
    judges: Sequence[int] = (JUDGE, JUDGE_2),
    **fields: Any,
) -> tuple[dict[str, Any], dict[Spot, Sparring]]:
    """A bracket of `size` with `dancers` seeded in that order (for 4: 10 vs 13 on the left, 11 vs 12 on the right,
    the final in the middle); `fields` more of the battle's settings (bracketLevels ...)."""
    await create_event(session)
    await create_profiles(session, *dancers, *judges, STRANGER, HOST, VOTER)
    battle = await create_battle(client, style="bracket", bracketSize=size, **fields)
    registered = await client.post(
        f"/api/admin/battles/{battle['id']}/register", json={"userIds": list(dancers)}, headers=headers(ORGANIZER)
    )
    assert registered.status_code == 200, registered.text
    for judge in judges:
        added = await client.post(
            f"/api/battles/{battle['id']}/role", json={"userId": judge, "role": "judge"}, headers=headers(ORGANIZER)
        )
        assert added.status_code == 200, added.text
    return battle, await create_bracket(session, battle["id"], dancers)


def path(sparring: Sparring | int) -> str:
    return f"/api/sparrings/{sparring if isinstance(sparring, int) else sparring.id}"


async def score(
    client: httpx.AsyncClient, sparring: Sparring | int, judge: int, *rounds: tuple[int, float | None, float | None]
) -> httpx.Response:
    body = {"rounds": [{"round": r, "redPoints": red, "bluePoints": blue} for r, red, blue in rounds]}
    return await client.post(f"{path(sparring)}/judge", json=body, headers=headers(judge))


async def read(client: httpx.AsyncClient, sparring: Sparring | int, user: int | None = None) -> dict[str, Any]:
    response = await client.get(path(sparring), headers=headers(user) if user else None)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


_outbox = table("outbox_message", column("seq"), column("type"), column("envelope", JSONB()))


async def outbox(session: AsyncSession, event_type: str) -> list[dict[str, Any]]:
    """The envelopes of `event_type` written so far, in order."""
    found = await session.execute(
        select(_outbox.c.envelope).where(_outbox.c.type == event_type).order_by(_outbox.c.seq)
    )
    return [row[0] for row in found]
