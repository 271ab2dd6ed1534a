from __future__ import annotations

from pathlib import Path

from pydantic import field_validator
from pydantic_settings import SettingsConfigDict

from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="IMAGES_", extra="ignore", populate_by_name=True)

    service_name: str = "images"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_images"

    # Local storage (the default). Several replicas need a shared volume, or S3 below.
    storage_dir: Path = Path(".run/images")
    # S3-compatible object storage replaces the local folder when a bucket is named. Without keys the
    # default AWS credential chain applies (an IAM role in Kubernetes).
    s3_bucket: str | None = None
    s3_endpoint_url: str | None = None
    s3_region: str = "us-east-1"
    s3_access_key_id: str | None = None
    s3_secret_access_key: str | None = None
    s3_prefix: str = ""

    # The spec's limit, counted on the file's bytes while they arrive.
    max_upload_bytes: int = 10_000_000
    # Checked from the header, before a pixel is decoded.
    max_pixels: int = 40_000_000
    # Pillow releases the GIL while it decodes, resizes and encodes, so worker threads use several cores. The
    # numbers bound memory too: cleaning a 40-megapixel upload peaks near 450 MB, making a variant from a
    # 1920-wide master needs some tens of MB. Uploads and variants have separate pools, so a burst of uploads
    # never delays page views.
    upload_workers: int = 1
    render_workers: int = 2
    # Small variants kept in memory per process (bytes); 0 turns the memory cache off.
    memory_cache_bytes: int = 64 * 1024 * 1024
    memory_cache_max_item_bytes: int = 512 * 1024
    # How long an image's facts (size, alpha) are trusted from memory; a deletion elsewhere shows after this.
    metadata_ttl_seconds: float = 300.0

    def production_problems(self) -> list[str]:
        """The local folder is one pod's disk: another replica (or the next pod) would not find the images."""
        problems = super().production_problems()
        if not self.s3_bucket and not self.single_host:
            problems.append(
                f"IMAGES_S3_BUCKET is not set, so images would go to the local folder {self.storage_dir} "
                "(set the bucket, or CYPHER_SINGLE_HOST=true on one machine)"
            )
        return problems

    @field_validator("upload_workers", "render_workers")
    @classmethod
    def _at_least_one(cls, value: int) -> int:
        return max(1, value)
