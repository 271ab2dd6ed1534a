from kit.errors import Invalid, NotFound

BATTLE_NOT_FOUND = "Battle not found"
EVENT_NOT_FOUND = "Event not found"


class BattleNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(BATTLE_NOT_FOUND, code="battle_not_found")


class EventNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(EVENT_NOT_FOUND, code="event_not_found")


class Unprocessable(Invalid):
    """Input that is well formed but breaks a rule of the competition (issue 16's contract answers 422)."""

    status = 422
