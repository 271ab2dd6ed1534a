"""Production keeps images in object storage: the local folder is one pod's disk (docs/operations.md)."""

from __future__ import annotations

import pytest

from images.config import Settings

SECRET = "a real secret of at least 32 characters"


def test_production_refuses_the_local_folder() -> None:
    with pytest.raises(ValueError, match="IMAGES_S3_BUCKET is not set"):
        Settings(env="production", internal_token_secret=SECRET)


def test_production_with_a_bucket_or_on_one_machine() -> None:
    assert Settings(env="production", internal_token_secret=SECRET, s3_bucket="cypher-images").s3_bucket
    assert Settings(env="production", internal_token_secret=SECRET, single_host=True).single_host


def test_development_keeps_the_local_folder() -> None:
    assert Settings(env="development").s3_bucket is None
