"""One error type for expected failures, rendered as {"error": {"code", "message"}} with the right status."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from kit.responses import JSONResponse

logger = logging.getLogger("kit.errors")


class ServiceError(Exception):
    """An expected failure. `persist=True` keeps the request's writes although the call fails (a counted
    login failure, a revoked token family): the session commits before the error is rendered."""

    status = 400
    code = "bad_request"
    default_message = ""  # the message when none is given

    def __init__(
        self,
        message: str | None = None,
        *,
        code: str | None = None,
        headers: dict[str, str] | None = None,
        persist: bool = False,
        field: str | None = None,
    ):
        if message is None:
            message = self.default_message
        super().__init__(message)
        self.message = message
        self.field = field  # the refused field's wire name, as a validation error names it
        if code:
            self.code = code
        self.headers = headers or {}
        self.persist = persist


class Invalid(ServiceError):
    status = 400
    code = "invalid"


class Unauthorized(ServiceError):
    status = 401
    code = "unauthorized"
    default_message = "Sign in to continue"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"
    default_message = "You are not allowed to do this"


class NotFound(ServiceError):
    status = 404
    code = "not_found"
    default_message = "Not found"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class PayloadTooLarge(ServiceError):
    status = 413
    code = "payload_too_large"


class TooManyRequests(ServiceError):
    status = 429
    code = "too_many_requests"

    def __init__(self, message: str, *, retry_after: int, **kw: Any):
        super().__init__(message, headers={"Retry-After": str(max(1, retry_after))}, **kw)


class Unavailable(ServiceError):
    status = 503
    code = "unavailable"


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_body(code, message), status_code=status, headers=headers)


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid",
    429: "too_many_requests",
}


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or "body"


def install_error_handlers(app: FastAPI) -> None:
    """Also: database refusals of bad input as 400 (kit.dberrors), and the OpenAPI document listing these
    errors (kit.openapi)."""
    from kit.dberrors import database_unreachable, install_db_error_handlers, unavailable_response
    from kit.openapi import install_openapi

    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, exc: ServiceError) -> JSONResponse:
        if exc.field:
            body = error_body(exc.code, exc.message, field=exc.field)
            return JSONResponse(body, status_code=exc.status, headers=exc.headers)
        return error_response(exc.status, exc.code, exc.message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        # A path names a thing: one that cannot be valid (an id out of range, not a number) does not exist.
        if any(tuple(error.get("loc", ()))[:1] == ("path",) for error in exc.errors()):
            return error_response(404, "not_found", "Not found")
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "Invalid request"}
        field = _field_name(tuple(first.get("loc", ())))
        raw = str(first.get("msg", "Invalid request"))
        # Our own validators carry the spec's words: show them as they are; pydantic's get the field name.
        message = raw.removeprefix("Value error, ") if first.get("type") == "value_error" else f"{field}: {raw}"
        return JSONResponse(error_body("invalid", message, field=field), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "error")
        return error_response(exc.status_code, code, str(exc.detail), dict(exc.headers or {}))

    install_db_error_handlers(app)
    install_openapi(app)
    # A path no route matches is a 404 in our shape, never Starlette's 307 to the path without its slash (the
    # API's paths are exact; a redirect is a status no operation documents).
    app.router.redirect_slashes = False

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # a database out of reach, wrapped in something else on the way up, is still not a bug
        if database_unreachable(exc):
            return unavailable_response(request, exc)
        logger.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_response(500, "internal", "Something went wrong, please try again later")
