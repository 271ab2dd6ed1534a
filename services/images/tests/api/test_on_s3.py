from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aioboto3
from api.factories import OWNER, AppClient, image_bytes, opened, uploaded_id

WEBP = {"accept": "image/webp"}
S3_KEYS = {"region_name": "us-east-1", "aws_access_key_id": "test", "aws_secret_access_key": "test"}


async def test_upload_serve_and_delete_on_s3(
    app_with: AppClient, s3_bucket: dict[str, Any], stored_files: Callable[[], set[str]]
) -> None:
    bucket = s3_bucket["s3_bucket"]
    local_before = stored_files()
    async with (
        app_with(**s3_bucket, memory_cache_bytes=0) as client,
        aioboto3.Session().client("s3", endpoint_url=s3_bucket["s3_endpoint_url"], **S3_KEYS) as s3,
    ):
        image_id = await uploaded_id(client, image_bytes("JPEG", (900, 600)))
        response = await client.get(f"/api/images/{image_id}", params={"size": 300}, headers=WEBP)
        assert response.status_code == 200 and opened(response.content).size == (300, 200)
        again = await client.get(f"/api/images/{image_id}", params={"size": 300}, headers=WEBP)
        assert again.content == response.content
        listed = await s3.list_objects_v2(Bucket=bucket)
        keys = sorted(item["Key"] for item in listed.get("Contents", []))
        assert keys == [f"images/{image_id}/original.jpg", f"images/{image_id}/w300-photo.webp"]
        head = await s3.head_object(Bucket=bucket, Key=f"images/{image_id}/w300-photo.webp")
        assert head["ContentType"] == "image/webp"
        assert (await client.delete(f"/api/images/{image_id}", headers=OWNER)).status_code == 204
        assert (await s3.list_objects_v2(Bucket=bucket)).get("KeyCount") == 0
        assert (await client.get(f"/api/images/{image_id}")).status_code == 404
    assert stored_files() == local_before  # nothing went to the local folder
