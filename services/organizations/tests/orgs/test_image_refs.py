"""An organization's image is an image of the images service (served for real), never any text."""

from __future__ import annotations

import httpx
import pytest
from orgs.factories import ADMIN, create_org, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.images import IMAGE_NOT_FOUND
from kit.testing import as_user


class TestImageReference:
    async def test_an_uploaded_image_is_saved(
        self, client: httpx.AsyncClient, session: AsyncSession, image_id: str
    ) -> None:
        org = await create_org(session)
        response = await client.post(
            f"/api/orgs/{org.id}", json={"name": "X", "image": image_id}, headers=headers(ADMIN)
        )
        assert response.status_code == 200 and response.json()["image"] == image_id

    @pytest.mark.parametrize("image", ["\x01\x02\x03", "img-1", "a" * 23, "../../etc/passwd", "a b" * 8])
    async def test_text_that_is_no_image_id_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession, image: str
    ) -> None:
        org = await create_org(session, image=None)
        response = await client.post(f"/api/orgs/{org.id}", json={"name": "X", "image": image}, headers=headers(ADMIN))
        assert response.status_code == 400 and response.json()["error"]["field"] == "image"
        await session.refresh(org)
        assert org.image is None and org.name == "Floor Lords"

    async def test_an_id_of_no_image_is_refused(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, image=None)
        body = {"name": "X", "image": "A" * 22}
        response = await client.post(f"/api/orgs/{org.id}", json=body, headers=headers(ADMIN))
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "image_not_found", "message": IMAGE_NOT_FOUND, "field": "image"}
        await session.refresh(org)
        assert org.image is None

    async def test_blank_clears_it(self, client: httpx.AsyncClient, session: AsyncSession, image_id: str) -> None:
        org = await create_org(session, image=image_id)
        response = await client.post(f"/api/orgs/{org.id}", json={"name": "X", "image": ""}, headers=headers(ADMIN))
        assert response.status_code == 200 and response.json()["image"] is None

    async def test_an_unchanged_image_is_not_checked_again(
        self, client: httpx.AsyncClient, session: AsyncSession, images_url: str, image_id: str
    ) -> None:
        org = await create_org(session, image=image_id)
        async with httpx.AsyncClient(base_url=images_url) as images:
            assert (await images.delete(f"/api/images/{image_id}", headers=as_user(1, 1))).status_code == 204
        body = {"name": "Renamed", "image": image_id}  # the SPA sends the organization back as loaded
        response = await client.post(f"/api/orgs/{org.id}", json=body, headers=headers(ADMIN))
        assert response.status_code == 200 and response.json()["name"] == "Renamed"
