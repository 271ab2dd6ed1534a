from __future__ import annotations

import contextlib
from typing import Any

import aioboto3
from botocore.config import Config
from botocore.exceptions import ClientError

from images.config import Settings

_MISSING = {"NoSuchKey", "404", "NotFound"}


class S3Storage:
    """S3 or anything speaking its API (MinIO, Ceph, R2). One client, opened at start-up and reused."""

    def __init__(self, client: Any, stack: contextlib.AsyncExitStack, bucket: str, prefix: str):
        self.client = client
        self._stack = stack
        self.bucket = bucket
        self.prefix = prefix.strip("/") + "/" if prefix.strip("/") else ""

    @classmethod
    async def open(cls, settings: Settings) -> S3Storage:
        assert settings.s3_bucket
        stack = contextlib.AsyncExitStack()
        session = aioboto3.Session()
        client = await stack.enter_async_context(
            session.client(
                "s3",
                endpoint_url=settings.s3_endpoint_url,
                region_name=settings.s3_region,
                aws_access_key_id=settings.s3_access_key_id,
                aws_secret_access_key=settings.s3_secret_access_key,
                config=Config(
                    retries={"max_attempts": 3, "mode": "standard"},
                    max_pool_connections=50,
                    connect_timeout=3,
                    read_timeout=15,
                ),
            )
        )
        return cls(client, stack, settings.s3_bucket, settings.s3_prefix)

    def _key(self, key: str) -> str:
        return self.prefix + key

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await self.client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data, ContentType=content_type)

    async def get(self, key: str) -> bytes | None:
        try:
            response = await self.client.get_object(Bucket=self.bucket, Key=self._key(key))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in _MISSING:
                return None
            raise
        async with response["Body"] as body:
            data: bytes = await body.read()
            return data

    async def _list(self, prefix: str) -> list[str]:
        found: list[str] = []
        paginator = self.client.get_paginator("list_objects_v2")
        async for page in paginator.paginate(Bucket=self.bucket, Prefix=self._key(prefix)):
            found += [item["Key"] for item in page.get("Contents", [])]
        return found

    async def delete_prefix(self, prefix: str) -> int:
        found = await self._list(prefix)
        for start in range(0, len(found), 1000):  # the API's batch limit
            batch = [{"Key": key} for key in found[start : start + 1000]]
            await self.client.delete_objects(Bucket=self.bucket, Delete={"Objects": batch, "Quiet": True})
        return len(found)

    async def keys(self, prefix: str) -> list[str]:
        return sorted(key.removeprefix(self.prefix) for key in await self._list(prefix))

    def location(self, key: str) -> str:
        return f"s3://{self.bucket}/{self._key(key)}"

    async def close(self) -> None:
        await self._stack.aclose()
