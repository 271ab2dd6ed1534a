"""Every write: a guest gets 401; the admins' and editors' writes give a stranger 403; unknown battles 404."""

from __future__ import annotations

import httpx
import pytest
from battle.cast import DANCERS, EVENT_ADMIN, EVENT_ID, HOST, ORGANIZER, PLATFORM_ADMIN, STRANGER
from battle.factories import create_battle, create_event, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import EventView

SIGNED_IN = [
    ("POST", "/api/battles/{b}/dancer", None),
    ("DELETE", "/api/battles/{b}/dancer", None),
    ("POST", "/api/battles/{b}/sign-agreement", None),
    ("POST", "/api/battles/{b}/sign-waiver", None),
    ("POST", "/api/crews/{b}", {"name": "X", "userIds": []}),
    ("PUT", "/api/crews/{b}/1", {"name": "X", "userIds": []}),
    ("POST", "/api/crews/{b}/1/unregister", None),
    ("POST", "/api/crews/{b}/1/join", None),
    ("POST", "/api/crews/{b}/1/accept", None),
    ("POST", "/api/crews/{b}/1/decline", None),
    # the crew's captain too: a stranger's 403 is decided on the crew (tests/crews)
    ("POST", "/api/admin/crews/{b}/1/accept/9", None),
    ("POST", "/api/admin/crews/{b}/1/decline/9", None),
    # a judge's prelim points: a stranger's 403 is in tests/prelims
    ("POST", "/api/battles/{b}/prelims", [{"userId": 9, "points": 8, "mode": "new", "round": 1}]),
]
ADMINS = [
    ("PUT", "/api/battles/{b}", {"title": "X"}),
    ("DELETE", "/api/battles/{b}", None),
    ("POST", "/api/battles/{b}/role", {"userId": 9, "role": "judge"}),
    ("DELETE", "/api/battles/{b}/role", {"userId": 9, "role": "judge"}),
    ("POST", "/api/battles/{b}/winners", []),
    ("GET", "/api/battles/{b}/download", None),
    ("POST", "/api/admin/battles/{b}/register", {"userIds": [9]}),
    ("POST", "/api/admin/battles/{b}/unregister", {"userId": 9, "crewId": 0}),
    ("GET", "/api/admin/battles/{b}/users", None),
    ("POST", "/api/admin/battles/{b}/sign-agreement/9", None),
    ("POST", "/api/admin/battles/{b}/sign-waiver/9", None),
    ("POST", "/api/admin/crews/{b}/1/unregister", None),
    ("POST", "/api/admin/crews/{b}/1/unregister/9", None),
    ("POST", "/api/battles/{b}/prelims/gone/9", None),
    ("POST", "/api/battles/{b}/reshuffle", None),
    ("POST", "/api/battles/{b}/prelims/finish", None),
    ("POST", "/api/battles/{b}/prelims/create-groups", {"amount": 0, "type": "random"}),
    ("POST", "/api/battles/{b}/prelims/1/move/9", None),
    ("POST", "/api/battles/{b}/seed", []),
    ("DELETE", "/api/battles/{b}/brackets", None),
]


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN + ADMINS)
async def test_guests_are_asked_to_sign_in(
    client: httpx.AsyncClient, session: AsyncSession, method: str, path: str, body: object
) -> None:
    await create_event(session)
    battle = await create_battle(client)
    response = await client.request(method, path.format(b=battle["id"]), json=body)
    assert response.status_code == 401


@pytest.mark.parametrize(("method", "path", "body"), ADMINS)
async def test_strangers_are_refused_and_nothing_changes(
    client: httpx.AsyncClient, session: AsyncSession, method: str, path: str, body: object
) -> None:
    await create_event(session)
    await create_profiles(session, STRANGER)
    battle = await create_battle(client)
    before = (await client.get(f"/api/battles/{battle['id']}")).json()
    response = await client.request(method, path.format(b=battle["id"]), json=body, headers=headers(STRANGER))
    assert response.status_code == 403
    assert (await client.get(f"/api/battles/{battle['id']}")).json() == before


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN + ADMINS)
async def test_an_unknown_battle_is_not_found(
    client: httpx.AsyncClient, session: AsyncSession, method: str, path: str, body: object
) -> None:
    response = await client.request(method, path.format(b=424242), json=body, headers=headers(STRANGER))
    assert response.status_code == 404


async def test_a_draft_events_battles_exist_only_for_its_editors(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    """As the event itself (the events service: a draft is 404 for all but its editors), its battles are neither
    read nor entered by anyone else until it is published: not its title, not a registration by a guessed id."""
    await create_event(session, status="draft")
    dancer = DANCERS[0]
    await create_profiles(session, STRANGER, HOST, dancer)
    battle = await create_battle(client)
    path = f"/api/battles/{battle['id']}"
    assert (await client.get(path)).status_code == 404
    for user in (STRANGER, HOST, dancer):
        assert (await client.get(path, headers=headers(user))).status_code == 404
    assert (await client.post(f"{path}/dancer", headers=headers(dancer))).status_code == 404
    assert (
        await client.post(f"/api/crews/{battle['id']}", json={"name": "X", "userIds": []}, headers=headers(dancer))
    ).status_code == 404
    for user, admin in ((ORGANIZER, False), (EVENT_ADMIN, False), (PLATFORM_ADMIN, True)):
        answer = await client.get(path, headers=headers(user, admin=admin))
        assert answer.status_code == 200
        assert answer.json()["participants"] == []

    event = await session.get(EventView, EVENT_ID)
    assert event is not None
    event.status = "published"
    await session.commit()
    assert (await client.get(path)).status_code == 200
    registered = await client.post(f"{path}/dancer", headers=headers(dancer))
    assert registered.status_code == 200, registered.text
    assert [p["id"] for p in registered.json()["participants"]] == [dancer]
