from kit.errors import NotFound

SPARRING_NOT_FOUND = "Sparring not found"


class SparringNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(SPARRING_NOT_FOUND, code="sparring_not_found")
