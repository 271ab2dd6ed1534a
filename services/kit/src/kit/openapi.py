"""The published contract lists every status an operation can answer, each with the kit's error body.

FastAPI documents only the success and a 422 with its own validation body, which we never send (kit.errors
answers 400). So the document is rewritten once, for every service, from what the kit knows of a route:

- 400 when the operation takes a parameter or a body (validation, or a database refusal, kit.dberrors);
- 401 and 403 on every operation: through the gateway a token that does not verify is 401 and a
  `Caller-Id` of another account 403, whatever the route; signed-in routes add their own 401 and 403;
- 404 when the path holds a parameter (a missing thing, or an id out of range: kit.types);
- 413 when it takes a body (the gateway's body size limit);
- 429 under /api/auth/ (the gateway's rate limits);
- and what a route declares itself with `responses=errors(409, ...)` (a conflict, a service's own limit).

Operations for signed-in users (UserDep, PlatformAdminDep) declare the access token themselves (`security`,
kit.principal's `accessToken` scheme)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

ERROR_SCHEMA = "Error"
ERROR_COMPONENTS: dict[str, Any] = {
    ERROR_SCHEMA: {
        "title": "Error",
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"$ref": "#/components/schemas/ErrorDetail"}},
    },
    "ErrorDetail": {
        "title": "ErrorDetail",
        "type": "object",
        "required": ["code", "message"],
        "properties": {
            "code": {"type": "string", "title": "Code"},
            "message": {"type": "string", "title": "Message"},
            "field": {"type": "string", "title": "Field", "description": "the refused field (400 only)"},
        },
    },
}

DESCRIPTIONS = {
    400: "Invalid request",
    401: "Not signed in, or the session expired",
    403: "Not allowed",
    404: "Not found",
    409: "Conflict",
    413: "Payload too large",
    429: "Too many requests",
}


def error_response(status: int) -> dict[str, Any]:
    return {
        "description": DESCRIPTIONS.get(status, "Error"),
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}},
    }


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` of a route that answers statuses the kit cannot infer (409, a service's own 429, 413)."""
    return {status: error_response(status) for status in statuses}


def inferred_statuses(path: str, operation: dict[str, Any]) -> set[int]:
    statuses = {401, 403}
    parameters = operation.get("parameters", [])
    has_body = "requestBody" in operation
    if parameters or has_body:
        statuses.add(400)
    if any(p.get("in") == "path" for p in parameters):
        statuses.add(404)
    if has_body:
        statuses.add(413)
    if path.startswith("/api/auth/"):
        statuses.add(429)
    return statuses


def document_errors(spec: dict[str, Any]) -> dict[str, Any]:
    """The rewrite, in place: FastAPI's 422 out, the inferred and declared error statuses in."""
    for path, operations in spec.get("paths", {}).items():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            responses.pop("422", None)
            for status in sorted(inferred_statuses(path, operation)):
                responses.setdefault(str(status), error_response(status))
            for status, response in list(responses.items()):
                if status.startswith(("4", "5")) and "content" not in response:
                    responses[status] = error_response(int(status)) | {"description": response.get("description")}
            operation["responses"] = dict(sorted(responses.items()))
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    schemas.update(ERROR_COMPONENTS)
    spec["components"]["schemas"] = dict(sorted(schemas.items()))
    return spec


def install_openapi(app: FastAPI) -> None:
    """app.openapi() builds FastAPI's document once, then the rewrite; cached as FastAPI caches its own."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = get_openapi(
                title=app.title,
                version=app.version,
                openapi_version=app.openapi_version,
                description=app.description,
                routes=app.routes,
            )
            app.openapi_schema = document_errors(spec)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
