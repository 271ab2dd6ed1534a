from kit.errors import NotFound

BATTLE_NOT_FOUND = "Battle not found"
EVENT_NOT_FOUND = "Event not found"


class BattleNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(BATTLE_NOT_FOUND, code="battle_not_found")


class EventNotFound(NotFound):
    def __init__(self) -> None:
        super().__init__(EVENT_NOT_FOUND, code="event_not_found")
