from kit.errors import Conflict, NotFound

STUDIO_NOT_FOUND = "Studio not found"
LAST_ADMIN = "A studio needs at least one admin: add another admin before removing this one"


class StudioNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(STUDIO_NOT_FOUND, code="studio_not_found")


class LastAdmin(Conflict):
    def __init__(self) -> None:
        super().__init__(LAST_ADMIN, code="last_admin")
