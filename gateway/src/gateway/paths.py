"""One reading of a request path. The gateway chooses the service from the path and forwards it; if the two
readings can differ (a `..` that the client library folds away, a `%2f` that one side decodes and the other
does not), a path routed to a public service lands on that service's /internal/ endpoints. So a path is
accepted only when every reader must agree on it: no dot segments, no empty segments, nothing encoded that
could change the path's shape (`.`, `/`, `\\`, `%` itself, control bytes, anything outside ASCII, which
covers overlong forms such as `%c0%ae`), no `;` parameters, and no segment named `internal`. What is left
decodes the same way everywhere, so the raw path is forwarded byte for byte (yarl told not to touch it).

Refused paths answer 404 like an unknown path: they name nothing, and the answer does not say which rule
fired."""

from __future__ import annotations

import re
from urllib.parse import unquote

# On the raw bytes: only RFC 3986 path characters, and no percent-escape of `.` `/` `%` `\` DEL, of a
# control byte or of a byte above 0x7f (which includes every overlong or non-ASCII form).
_RAW_REFUSED = re.compile(
    rb"[^A-Za-z0-9\-._~!$&'()*+,=:@/%]"
    rb"|%(?![2-7][0-9A-Fa-f])"
    rb"|%(?:2[EeFf5]|5[Cc]|7[Ff])"
)
# On the decoded path: the shape rules. Dot segments and segments that begin or end with a dot (`..`, `.`,
# `...`, `internal.`), empty segments (`//`), `;` parameters, backslashes, and the internal namespace.
_SHAPE_REFUSED = re.compile(r"//|/\.|\./|\.$|;|\\|/internal(?:/|$)", re.IGNORECASE)


def checked_path(raw: bytes) -> str | None:
    """The decoded path to route on, or None when the path must be refused. The caller forwards `raw`."""
    if _RAW_REFUSED.search(raw):
        return None
    path = raw.decode("ascii")
    if "%" in path:
        path = unquote(path)
    if _SHAPE_REFUSED.search(path):
        return None
    return path
