from kit.errors import Conflict, NotFound

ORGANIZATION_NOT_FOUND = "Organization not found"
ALREADY_PUBLISHED = "A published organization cannot go back to draft"


class OrganizationNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(ORGANIZATION_NOT_FOUND, code="organization_not_found")


class CannotUnpublish(Conflict):
    def __init__(self) -> None:
        super().__init__(ALREADY_PUBLISHED, code="cannot_unpublish")
