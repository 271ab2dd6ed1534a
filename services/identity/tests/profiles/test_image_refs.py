"""A profile's avatar and card are images of the images service (served for real), never any text."""

from __future__ import annotations

import httpx
import pytest
from factories import create_account, headers_for
from sqlalchemy.ext.asyncio import AsyncSession

from kit.images import IMAGE_NOT_FOUND, IMAGES_UNAVAILABLE

BODY = {
    "fullName": "Ana Ruiz",
    "dancerName": "Bgirl Ana",
    "birthday": "10/18/1993",
    "country": "France",
    "city": "Lyon",
}


class TestImageReferences:
    async def test_uploaded_images_are_saved(
        self, client: httpx.AsyncClient, session: AsyncSession, image_id: str
    ) -> None:
        account, profile = await create_account(session)
        body = BODY | {"avatar": image_id, "card": image_id}
        response = await client.post("/api/user", json=body, headers=headers_for(account, profile))
        assert response.status_code == 200, response.text
        assert response.json()["avatar"] == image_id and response.json()["card"] == image_id

    @pytest.mark.parametrize("field", ["avatar", "card"])
    @pytest.mark.parametrize("value", ["\x07\x08", "img-1", "B" * 22])
    async def test_anything_else_is_refused_naming_the_field(
        self, client: httpx.AsyncClient, session: AsyncSession, field: str, value: str
    ) -> None:
        account, profile = await create_account(session, avatar=None)
        response = await client.post("/api/user", json=BODY | {field: value}, headers=headers_for(account, profile))
        assert response.status_code == 400 and response.json()["error"]["field"] == field
        await session.refresh(profile)
        assert profile.avatar is None and profile.card is None

    async def test_a_new_profile_with_no_such_avatar_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        account, profile = await create_account(session)
        body = BODY | {"avatar": "C" * 22}
        response = await client.post("/api/user/profiles", json=body, headers=headers_for(account, profile))
        assert response.status_code == 400 and response.json()["error"]["message"] == IMAGE_NOT_FOUND

    async def test_without_the_images_service_a_new_image_waits(
        self, app_with, session: AsyncSession, image_id: str
    ) -> None:
        from kit.local import free_port

        account, profile = await create_account(session)
        async with app_with(images_url=f"http://127.0.0.1:{free_port()}") as client:
            headers = headers_for(account, profile)
            response = await client.post("/api/user", json=BODY | {"avatar": image_id}, headers=headers)
            assert response.status_code == 503 and response.json()["error"]["message"] == IMAGES_UNAVAILABLE
            assert (await client.post("/api/user", json=BODY, headers=headers)).status_code == 200
