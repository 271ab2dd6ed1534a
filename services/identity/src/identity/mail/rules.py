"""Pure rules of outgoing mail: rendering the templates and the retry backoff."""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template

TEMPLATES = Path(__file__).resolve().parent / "templates"

SUBJECTS = {
    "reset_password": "Reset your Cypher password",
    "magic_link": "Your Cypher sign-in link",
    "event_guide": "Your event is published: a How To Guide",
    "ticket": "Your Cypher ticket",
    "event_cancelled": "An event you were going to has been cancelled",
}


@dataclass(frozen=True)
class RenderedMail:
    subject: str
    text: str
    html: str


@cache
def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def render(kind: str, **values: str) -> RenderedMail:
    """The text and HTML parts of a mail of `kind`; values are escaped in the HTML part."""
    escaped = {key: html.escape(value, quote=True) for key, value in values.items()}
    return RenderedMail(
        subject=SUBJECTS[kind],
        text=_template(f"{kind}.txt").substitute(values),
        html=_template(f"{kind}.html").substitute(escaped),
    )


def retry_delay(attempts: int, *, cap: float) -> float:
    """Seconds before the next try after `attempts` failed ones: 1, 2, 4 … up to `cap`, for as long as it
    takes. An outage delays mail; it never drops it."""
    return float(min(cap, 2 ** max(0, attempts - 1)))


def is_permanent(code: int | None) -> bool:
    """An SMTP 5xx answer refuses this mail for good (bad address, policy); anything else may pass later."""
    return code is not None and 500 <= code < 600
