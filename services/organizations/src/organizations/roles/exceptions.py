from kit.errors import Conflict

LAST_ADMIN = "An organization needs at least one admin: add another admin before removing this one"


class LastAdmin(Conflict):
    def __init__(self) -> None:
        super().__init__(LAST_ADMIN, code="last_admin")
