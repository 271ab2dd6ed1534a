from __future__ import annotations

import httpx

from .factories import OWNER, image_bytes, uploaded_id


class TestExistingImages:
    async def test_answers_which_ids_are_images(self, client: httpx.AsyncClient) -> None:
        first = await uploaded_id(client, image_bytes("PNG", (10, 10)))
        second = await uploaded_id(client, image_bytes("JPEG", (10, 10)))
        missing = "A" * 22
        response = await client.get("/internal/images", params={"ids": f"{first},{missing},{second},{first}"})
        assert response.status_code == 200
        assert sorted(response.json()["ids"]) == sorted([first, second])

    async def test_what_is_not_an_image_id_is_not_found(self, client: httpx.AsyncClient) -> None:
        for ids in ("", "img-1", "\x00", "x" * 1000, "',--"):
            response = await client.get("/internal/images", params={"ids": ids})
            assert response.status_code == 200 and response.json() == {"ids": []}

    async def test_a_deleted_image_is_not_found(self, client: httpx.AsyncClient) -> None:
        image_id = await uploaded_id(client, image_bytes("PNG", (10, 10)))
        assert (await client.delete(f"/api/images/{image_id}", headers=OWNER)).status_code == 204
        assert (await client.get("/internal/images", params={"ids": image_id})).json() == {"ids": []}
