"""Database errors that the client's input caused become a 400 in the kit's shape; any other stays a 500.

The types in kit.types refuse such input before it reaches a query; this is the backstop for a route that
forgot one. PostgreSQL reports bad data with SQLSTATE class 22 (asyncpg's DataError: a number out of range,
text too long, a NUL, an invalid text representation); asyncpg refuses an argument it cannot encode (an int
beyond int32 for an integer parameter) with the same class before sending it, and text that is not valid
UTF-8 with a UnicodeEncodeError. Either way nothing was written: the request's session rolls back on the
way out (kit.db.get_session), so the connection goes back to the pool clean."""

from __future__ import annotations

import logging

import asyncpg
from fastapi import FastAPI, Request
from sqlalchemy.exc import DBAPIError, StatementError

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


def install_db_error_handlers(app: FastAPI) -> None:
    async def _db_error(request: Request, exc: Exception) -> JSONResponse:
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
