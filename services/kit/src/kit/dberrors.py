"""Database errors that the client's input caused become a 400 in the kit's shape; any other stays a 500.

The types in kit.types refuse such input before it reaches a query; this is the backstop for a route that
forgot one. PostgreSQL reports bad data with SQLSTATE class 22 (asyncpg's DataError: a number out of range,
text too long, a NUL, an invalid text representation); asyncpg refuses an argument it cannot encode (an int
beyond int32 for an integer parameter) with the same class before sending it, and text that is not valid
UTF-8 with a UnicodeEncodeError. Either way nothing was written: the request's session rolls back on the
way out (kit.db.get_session), so the connection goes back to the pool clean.

A database that cannot be reached (refused, shutting down, a connection cut, the pool's wait run out) is not a
bug: the answer is 503 with `Retry-After` in the kit's error shape and one log line, not a traceback per request,
and the next request after it comes back simply works (the pool pings a connection before use)."""

from __future__ import annotations

import asyncio
import errno
import logging

import asyncpg
from fastapi import FastAPI, Request
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from kit.responses import JSONResponse

logger = logging.getLogger("kit.errors")

OUT_OF_RANGE = "A number in the request is out of range"
TOO_LONG = "A text in the request is too long"
BAD_TEXT = "A text in the request holds characters that cannot be stored"
BAD_VALUE = "A value in the request is not valid"


def input_error_message(exc: BaseException) -> str | None:
    """The user-facing message when `exc` (or what it wraps) is bad input, else None."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, asyncpg.exceptions.NumericValueOutOfRangeError):
            return OUT_OF_RANGE
        if isinstance(current, asyncpg.exceptions.StringDataRightTruncationError):
            return TOO_LONG
        if isinstance(
            current,
            asyncpg.exceptions.CharacterNotInRepertoireError | asyncpg.exceptions.UntranslatableCharacterError,
        ):
            return BAD_TEXT
        if isinstance(current, UnicodeError):
            return BAD_TEXT
        if isinstance(current, asyncpg.exceptions.DataError):
            return OUT_OF_RANGE if "out of" in str(current) and "range" in str(current) else BAD_VALUE
        current = getattr(current, "orig", None) or current.__cause__ or current.__context__
    return None


UNAVAILABLE = "The service is unavailable for a moment, please try again shortly"
RETRY_AFTER_SECONDS = 5

# what a database that is down, restarting or out of reach raises, through SQLAlchemy or asyncpg directly
_UNREACHABLE: tuple[type[Exception], ...] = (
    ConnectionError,  # refused, reset, aborted
    asyncio.TimeoutError,  # the connect timed out
    PoolTimeout,  # every pooled connection busy past the pool's timeout
    asyncpg.exceptions.CannotConnectNowError,  # 57P03: starting up or shutting down
    asyncpg.exceptions.AdminShutdownError,  # 57P01: a fast shutdown ended the session
    asyncpg.exceptions.CrashShutdownError,  # 57P02
    asyncpg.exceptions.TooManyConnectionsError,  # 53300
    asyncpg.exceptions.ConnectionDoesNotExistError,  # the connection was cut mid-query
    asyncpg.exceptions.ConnectionFailureError,  # 08006 and its kind
)
# asyncio reports a connect to several addresses (localhost: ::1 and 127.0.0.1) that all failed as a plain OSError
_NETWORK_ERRNOS = {errno.ECONNREFUSED, errno.ECONNRESET, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT}


def database_unreachable(exc: BaseException) -> bool:
    """Whether `exc` (or what it wraps) says the database cannot be reached right now."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, _UNREACHABLE):
            return True
        if type(current) is OSError and current.errno in _NETWORK_ERRNOS:
            return True
        if isinstance(current, DBAPIError) and current.connection_invalidated:
            return True
        if isinstance(current, asyncpg.exceptions.InterfaceError) and "closed" in str(current):
            return True  # "connection is closed", "pool is closed"
        current = getattr(current, "orig", None) or current.__cause__ or current.__context__
    return False


def unavailable_response(request: Request, exc: BaseException) -> JSONResponse:
    # the request's one log line (kit.middleware, for every 5xx) names the cause: no second line, no traceback
    request.state.unavailable = f"database unavailable: {type(exc).__name__}: {exc}"
    return JSONResponse(
        {"error": {"code": "unavailable", "message": UNAVAILABLE}},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def install_db_error_handlers(app: FastAPI) -> None:
    async def _db_error(request: Request, exc: Exception) -> JSONResponse:
        if database_unreachable(exc):
            return unavailable_response(request, exc)
        message = input_error_message(exc)
        if message is None:
            logger.error("database error on %s %s", request.method, request.url.path, exc_info=exc)
            return JSONResponse(
                {"error": {"code": "internal", "message": "Something went wrong, please try again later"}},
                status_code=500,
            )
        logger.info("refused input on %s %s: %s", request.method, request.url.path, exc)
        return JSONResponse({"error": {"code": "invalid", "message": message}}, status_code=400)

    # StatementError covers an argument that could not even be encoded (it is DBAPIError's base).
    app.add_exception_handler(DBAPIError, _db_error)
    app.add_exception_handler(StatementError, _db_error)
    app.add_exception_handler(UnicodeEncodeError, _db_error)
    # kit.rows' hot reads talk to asyncpg directly: its own class-22 errors, unwrapped.
    app.add_exception_handler(asyncpg.exceptions.DataError, _db_error)

    # Handled here rather than by the catch-all, whose middleware re-raises after answering (the server then logs
    # a traceback per request); any other error of these kinds is still a 500 with its traceback logged.
    async def _maybe_unreachable(request: Request, exc: Exception) -> JSONResponse:
        if database_unreachable(exc):
            return unavailable_response(request, exc)
        logger.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return JSONResponse(
            {"error": {"code": "internal", "message": "Something went wrong, please try again later"}},
            status_code=500,
        )

    for kind in (OSError, asyncio.TimeoutError, PoolTimeout, asyncpg.exceptions.InterfaceError):
        app.add_exception_handler(kind, _maybe_unreachable)
    for kind in _UNREACHABLE:
        if not issubclass(kind, OSError | asyncio.TimeoutError | PoolTimeout):
            app.add_exception_handler(kind, _maybe_unreachable)
