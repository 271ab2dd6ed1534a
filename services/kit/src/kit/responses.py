"""orjson for the responses we build by hand (errors, health); routes with a response model are serialised
by FastAPI through pydantic directly."""

from typing import Any

import orjson
from starlette.responses import JSONResponse as _StarletteJSONResponse


class JSONResponse(_StarletteJSONResponse):
    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
