from images.images.rules import DAMAGED, NO_FILE, NOT_MULTIPART, TOO_LARGE, TOO_MANY_PIXELS, UNSUPPORTED
from kit.errors import Forbidden, Invalid, NotFound, PayloadTooLarge


class ImageTooLarge(PayloadTooLarge):
    def __init__(self) -> None:
        super().__init__(TOO_LARGE, code="image_too_large")


class UnsupportedFormat(Invalid):
    def __init__(self) -> None:
        super().__init__(UNSUPPORTED, code="unsupported_image_format")


class TooManyPixels(Invalid):
    def __init__(self) -> None:
        super().__init__(TOO_MANY_PIXELS, code="image_too_many_pixels")


class DamagedImage(Invalid):
    def __init__(self) -> None:
        super().__init__(DAMAGED, code="damaged_image")


class NotMultipart(Invalid):
    def __init__(self, message: str = NOT_MULTIPART) -> None:
        super().__init__(message, code="invalid_upload")


class NoFile(Invalid):
    def __init__(self) -> None:
        super().__init__(NO_FILE, code="invalid_upload")


class ImageNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__("Image not found", code="image_not_found")


class NotImageOwner(Forbidden):
    def __init__(self) -> None:
        super().__init__("Only the person who uploaded this image may delete it", code="forbidden")
