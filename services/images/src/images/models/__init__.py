from kit.db import make_base

Base = make_base()

from images.models.image import Image  # noqa: E402

__all__ = ["Base", "Image"]
