from kit.errors import Conflict, Invalid, TooManyRequests, Unauthorized

INCORRECT_CREDENTIALS = "Incorrect email or password"
TOO_MANY_ATTEMPTS = "Too many attempts to log in with this email, try again later"
EMAIL_IN_USE = "The email address is already in use by another account."
PASSWORD_CHANGE_NOT_POSSIBLE = "Password change is not possible for your method of authentication"
INCORRECT_PASSWORD = "The old password is incorrect"


class IncorrectCredentials(Unauthorized):
    def __init__(self) -> None:
        # persist: the failure just counted must survive the failed call.
        super().__init__(INCORRECT_CREDENTIALS, code="incorrect_credentials", persist=True)


class TooManyLoginAttempts(TooManyRequests):
    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY_ATTEMPTS, retry_after=retry_after, code="too_many_attempts")


class EmailInUse(Conflict):
    def __init__(self) -> None:
        super().__init__(EMAIL_IN_USE, code="email_in_use")


class InvalidRefreshToken(Unauthorized):
    def __init__(self, *, persist: bool = False) -> None:
        super().__init__("Your session has ended, please log in again", code="invalid_refresh_token", persist=persist)


class PasswordChangeNotPossible(Invalid):
    def __init__(self) -> None:
        super().__init__(PASSWORD_CHANGE_NOT_POSSIBLE, code="no_password")


class IncorrectPassword(Invalid):
    """400, not 401: the session is fine, only the typed old password is wrong."""

    def __init__(self) -> None:
        super().__init__(INCORRECT_PASSWORD, code="incorrect_password", persist=True)
