from __future__ import annotations

from collections.abc import Callable

import httpx
from api.factories import OWNER, STRANGER, image_bytes, uploaded_id

from kit.testing import as_user, collect_events

WEBP = {"accept": "image/webp"}


class TestDelete:
    async def test_owner_deletes_the_image_its_files_and_variants(
        self, client: httpx.AsyncClient, stored_files: Callable[[], set[str]], nats_url: str
    ) -> None:
        image_id = await uploaded_id(client, image_bytes("JPEG", (800, 400)))
        for size in (64, 300):
            await client.get(f"/api/images/{image_id}", params={"size": size}, headers=WEBP)
        mine = {f for f in stored_files() if image_id in f}
        assert len(mine) == 3  # the original and two variants
        response = await client.delete(f"/api/images/{image_id}", headers=OWNER)
        assert response.status_code == 204
        assert not {f for f in stored_files() if image_id in f}
        gone = await client.get(f"/api/images/{image_id}", params={"size": 64}, headers=WEBP)
        assert gone.status_code == 404 and gone.json()["error"]["code"] == "image_not_found"
        [event] = await collect_events(nats_url, "images.image.deleted", count=1)
        assert event.data == {"id": image_id, "ownerId": 11}

    async def test_another_profile_of_the_owners_account_may_delete(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG"))
        response = await client.delete(f"/api/images/{image_id}", headers=as_user(1, 12, profile_ids=(11, 12)))
        assert response.status_code == 204

    async def test_stranger_gets_403_and_the_image_stays(
        self, client: httpx.AsyncClient, stored_files: Callable[[], set[str]]
    ) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG"))
        response = await client.delete(f"/api/images/{image_id}", headers=STRANGER)
        assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"
        assert (await client.get(f"/api/images/{image_id}")).status_code == 200
        assert any(image_id in f for f in stored_files())

    async def test_guest_gets_401(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG"))
        assert (await client.delete(f"/api/images/{image_id}")).status_code == 401

    async def test_unknown_image_is_404(self, client: httpx.AsyncClient) -> None:
        for image_id in ("B" * 22, "short"):
            response = await client.delete(f"/api/images/{image_id}", headers=OWNER)
            assert response.status_code == 404 and response.json()["error"]["code"] == "image_not_found"

    async def test_platform_admin_may_delete(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG"))
        assert (await client.delete(f"/api/images/{image_id}", headers=as_user(9, 99, admin=True))).status_code == 204
