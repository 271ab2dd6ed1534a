from kit.errors import Forbidden, Invalid

NOT_YOUR_PROFILE = "This profile does not belong to your account"
MAIN_CANNOT_BE_RELEASED = "The main profile cannot be released"
TOO_MANY_PROFILES = "An account can hold at most {limit} profiles"


class NotYourProfile(Forbidden):
    def __init__(self) -> None:
        super().__init__(NOT_YOUR_PROFILE, code="not_your_profile")


class MainProfileCannotBeReleased(Invalid):
    def __init__(self) -> None:
        super().__init__(MAIN_CANNOT_BE_RELEASED, code="main_profile")


class TooManyProfiles(Invalid):
    def __init__(self, limit: int) -> None:
        super().__init__(TOO_MANY_PROFILES.format(limit=limit), code="too_many_profiles")
