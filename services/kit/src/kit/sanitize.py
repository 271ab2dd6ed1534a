"""Rich text allow-list, one for the whole platform (nh3: bleach is end-of-life since June 2026)."""

from __future__ import annotations

import html
import re

import nh3

ALLOWED_TAGS = {"b", "i", "u", "strong", "em", "p", "br", "ol", "ul", "li", "a"}
ALLOWED_ATTRIBUTES = {"a": {"href"}}
ALLOWED_SCHEMES = {"https", "mailto"}

_TAG = re.compile(r"<[^>]*>")


def clean_html(value: str | None) -> str:
    """Keep only the allow-list; links get rel="noopener noreferrer nofollow"."""
    if not value:
        return ""
    return nh3.clean(
        value,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=ALLOWED_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def strip_html(value: str | None) -> str:
    """The visible text of a fragment, for "is it empty" checks and plain-text previews."""
    if not value:
        return ""
    return html.unescape(_TAG.sub("", nh3.clean(value, tags=set()))).strip()
