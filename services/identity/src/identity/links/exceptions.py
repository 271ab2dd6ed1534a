from kit.errors import Invalid

FIELD_REQUIRED = "Field is required"
INVALID_LINK = "This link is invalid or has expired, please ask for a new one"


class FieldRequired(Invalid):
    def __init__(self) -> None:
        super().__init__(FIELD_REQUIRED, code="required")


class InvalidLink(Invalid):
    def __init__(self) -> None:
        super().__init__(INVALID_LINK, code="invalid_link")
