"""Admins, teachers and students: lists, adds (a truthy answer: the person), removals ('ok'), the last admin."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession
from studio.factories import ADMIN, PLATFORM_ADMIN, STRANGER, create_profiles, create_studio, headers

from kit.testing import collect_events

ROLES = ("students", "teachers", "admins")


@pytest.mark.parametrize("path", ROLES)
async def test_add_answers_the_person_and_remove_answers_ok(
    path: str, client: httpx.AsyncClient, session: AsyncSession
) -> None:
    studio = await create_studio(session)
    await create_profiles(session, (7, "Seven"))
    url = f"/api/studios/{studio.id}/{path}/7"
    added = await client.post(url, headers=headers(ADMIN))
    assert added.status_code == 200 and added.json() == {"id": 7, "dancerName": "Seven", "avatar": "avatar-7"}
    again = await client.post(url, headers=headers(ADMIN))
    assert again.json() == added.json()
    listed = (await client.get(f"/api/studios/{studio.id}/{path}")).json()
    assert 7 in [m["id"] for m in listed]
    removed = await client.delete(url, headers=headers(ADMIN))
    assert removed.status_code == 200 and removed.json() == "ok"
    assert 7 not in [m["id"] for m in (await client.get(f"/api/studios/{studio.id}/{path}")).json()]
    assert (await client.delete(url, headers=headers(ADMIN))).json() == "ok"  # not there: nothing changes


@pytest.mark.parametrize("path", ROLES)
async def test_a_guest_401_a_stranger_403_a_student_403(
    path: str, client: httpx.AsyncClient, session: AsyncSession
) -> None:
    studio = await create_studio(session, students=[6])
    url = f"/api/studios/{studio.id}/{path}/7"
    for method in ("POST", "DELETE"):
        assert (await client.request(method, url)).status_code == 401
        assert (await client.request(method, url, headers=headers(STRANGER))).status_code == 403
        assert (await client.request(method, url, headers=headers(6))).status_code == 403
    assert (await client.post(url, headers=headers(PLATFORM_ADMIN, admin=True))).status_code == 200


async def test_the_last_admin_cannot_leave_but_one_of_two_can(client: httpx.AsyncClient, session: AsyncSession) -> None:
    studio = await create_studio(session)
    last = await client.delete(f"/api/studios/{studio.id}/admins/{ADMIN}", headers=headers(ADMIN))
    assert last.status_code == 409 and last.json()["error"]["code"] == "last_admin"
    await client.post(f"/api/studios/{studio.id}/admins/8", headers=headers(ADMIN))
    assert (await client.delete(f"/api/studios/{studio.id}/admins/{ADMIN}", headers=headers(ADMIN))).json() == "ok"
    page = (await client.get(f"/api/studios/{studio.id}", headers=headers(ADMIN))).json()
    assert [a["id"] for a in page["admins"]] == [8] and page["canEdit"] is False


async def test_adds_and_removals_are_announced(client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
    studio = await create_studio(session, name="Floor Lab", image="img-3")
    await client.post(f"/api/studios/{studio.id}/teachers/7", headers=headers(ADMIN))
    await client.post(f"/api/studios/{studio.id}/teachers/7", headers=headers(ADMIN))
    await client.delete(f"/api/studios/{studio.id}/teachers/7", headers=headers(ADMIN))
    (added,) = await collect_events(nats_url, "studios.member.added", count=1)
    assert added.data == {
        "studioId": studio.id,
        "userId": 7,
        "role": "teacher",
        "studioName": "Floor Lab",
        "studioImage": "img-3",
        "studioStatus": "published",
    }
    assert added.topics == [f"studio:{studio.id}", "user:7"]
    assert len(await collect_events(nats_url, "studios.member.added", count=2, timeout=1.5)) == 1
    (removed,) = await collect_events(nats_url, "studios.member.removed", count=1)
    assert removed.data["userId"] == 7 and removed.data["role"] == "teacher"


async def test_lists_by_name_both_ways_keyword_and_paging(client: httpx.AsyncClient, session: AsyncSession) -> None:
    studio = await create_studio(session, students=[11, 12, 13])
    await create_profiles(session, (11, "bravo"), (12, "Alpha"), (13, "Charlie"))
    url = f"/api/studios/{studio.id}/students"
    assert [m["dancerName"] for m in (await client.get(url)).json()] == ["Alpha", "bravo", "Charlie"]
    down = (await client.get(url, params={"sortBy": "name-desc"})).json()
    assert [m["dancerName"] for m in down] == ["Charlie", "bravo", "Alpha"]
    assert [m["id"] for m in (await client.get(url, params={"keyword": "RAV"})).json()] == [11]
    assert [m["id"] for m in (await client.get(url, params={"p": 1, "pp": 2})).json()] == [13]
    assert (await client.get(url, params={"sortBy": "rank-asc"})).status_code == 400
    first = (await client.get(url)).json()[0]
    assert first == {"id": 12, "dancerName": "Alpha", "avatar": "avatar-12", "events": []}


async def test_a_drafts_people_are_hidden_from_the_public(client: httpx.AsyncClient, session: AsyncSession) -> None:
    studio = await create_studio(session, status="draft", students=[6])
    for path in ("students", "teachers", "admins", "events"):
        assert (await client.get(f"/api/studios/{studio.id}/{path}")).status_code == 404
        assert (await client.get(f"/api/studios/{studio.id}/{path}", headers=headers(ADMIN))).status_code == 200
