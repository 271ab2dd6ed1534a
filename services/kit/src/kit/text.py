"""Rules of the spec for text people type that several services read the same way (no I/O): social links,
mm/dd/yyyy dates and substring search patterns. Profiles, organizations, studios and events all have them; one
copy keeps a link or a date meaning the same thing on every page. The rules raise ValueError with the words the
user sees, so a pydantic validator can call them as they are."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from urllib.parse import urlsplit

# --- mm/dd/yyyy dates ---------------------------------------------------------------------------------------

DATE_FORMAT = "Date format mm/dd/yyyy"
DATE_INCORRECT = "Please enter a correct date"

# month 01-12, day 01-31, year 19xx or 20xx: the spec's shape for every date it writes as mm/dd/yyyy.
_MDY = re.compile(r"^(0[1-9]|1[0-2])/(0[1-9]|[12]\d|3[01])/((?:19|20)\d{2})$")


def parse_mdy(value: str) -> date:
    """The spec's shape, else DATE_FORMAT. A day that does not exist (02/30, 02/29 of a common year) has the
    right shape, so it gets DATE_INCORRECT, as a birthday out of range does. Which days are allowed (a
    birthday's age, a founding date not in the future) is the caller's rule."""
    match = _MDY.match(value.strip())
    if match is None:
        raise ValueError(DATE_FORMAT)
    month, day, year = (int(part) for part in match.groups())
    try:
        return date(year, month, day)
    except ValueError:
        raise ValueError(DATE_INCORRECT) from None


def parse_past_mdy(value: str | None, *, today: date) -> date | None:
    """A date that cannot be in the future (an organization's 'Date created', a studio's start date): blank is
    unknown (None), else the spec's shape, and a day after `today` is DATE_INCORRECT."""
    text = (value or "").strip()
    if not text:
        return None
    day = parse_mdy(text)
    if day > today:
        raise ValueError(DATE_INCORRECT)
    return day


def past_mdy_field(value: object) -> date | None:
    """parse_past_mdy of a form's field as it arrives (before validation): text or null, anything else refused
    as DATE_FORMAT; 'today' is the server's."""
    if value is not None and not isinstance(value, str):
        raise ValueError(DATE_FORMAT)
    return parse_past_mdy(value, today=date.today())


def format_mdy(value: date | None) -> str | None:
    """Such dates travel as mm/dd/yyyy text, not ISO."""
    return value.strftime("%m/%d/%Y") if value else None


# --- social links -------------------------------------------------------------------------------------------

SOCIAL_MAX_LENGTH = 300
SOCIAL_KINDS = ("facebook", "instagram", "twitter", "youtube", "website")
WEBSITE_INVALID = "Enter a website address"


@dataclass(frozen=True)
class SocialSite:
    host: str  # the host of the spec's prefix; every link is saved on it
    aliases: tuple[str, ...]  # other hosts of the same site, accepted and saved as `host`
    error: str  # names the site, so the message alone says which input is wrong
    prefix_path: str = ""

    @property
    def prefix(self) -> str:
        return f"https://{self.host}/{self.prefix_path}"


SOCIAL_SITES = {
    "facebook": SocialSite("facebook.com", ("fb.com",), "Enter a Facebook name or a facebook.com link"),
    "instagram": SocialSite("instagram.com", (), "Enter an Instagram name or an instagram.com link"),
    "twitter": SocialSite("twitter.com", ("x.com",), "Enter a Twitter name or a twitter.com link"),
    "youtube": SocialSite("youtube.com", (), "Enter a YouTube channel name or a youtube.com link", "channel/"),
}

_HOST = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$", re.IGNORECASE)
# A handle is a name or a path of names, perhaps with a query ("profile.php?id=100"); no empty segment, no
# fragment: "@/x" and "?x" are not handles.
_HANDLE = re.compile(r"^[\w.\-]+(?:/[\w.\-]+)*(?:\?[\w.\-=&%+]+)?$")
_SUBDOMAINS = ("www.", "m.", "mobile.")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):", re.IGNORECASE)
# Refused outright as a website. Any other `word:` start is read as a host and port ("crew.example:8443").
_NOT_WEB_SCHEMES = ("javascript", "data", "vbscript", "file", "mailto")


def _one_word(value: str | None, error: str) -> str:
    """The value trimmed ("" when blank): a link or a handle has no spaces and a bounded length."""
    text = (value or "").strip()
    if len(text) > SOCIAL_MAX_LENGTH or any(ch.isspace() for ch in text):
        raise ValueError(error)
    return text


def _bare_host(host: str) -> str:
    host = host.lower()
    for sub in _SUBDOMAINS:
        if host.startswith(sub):
            return host[len(sub) :]
    return host


def _as_url(value: str) -> tuple[str, str, str] | None:
    """(host, path, query) when the value is a link rather than a bare handle; ValueError for a link that is
    not http(s)."""
    if "://" in value:
        parts = urlsplit(value)  # may raise ValueError itself (an unclosed "[" in the host)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise ValueError("not a web link")
        return _bare_host(parts.hostname), parts.path.strip("/"), parts.query
    first, slash, _ = value.partition("/")
    if slash and _HOST.match(first):
        parts = urlsplit(f"https://{value}")
        return _bare_host(parts.hostname or ""), parts.path.strip("/"), parts.query
    return None


def social_link(kind: str, value: str | None) -> str:
    """The spec: a bare handle becomes a link on the site's prefix (`@` dropped, but a YouTube `@handle` is a
    handle page, not a channel id); a link on the site (also `www.`, `m.`, `fb.com`, `x.com`, http) is saved
    as `https://{host}/...` so the SPA can show the handle part. A link to another site is refused: the page
    shows it as this site's link. Idempotent: a saved value comes back unchanged. Blank is "" (no link)."""
    if kind == "website":
        return website_link(value)
    site = SOCIAL_SITES[kind]
    text = _one_word(value, site.error)
    if not text:
        return ""
    try:
        url = _as_url(text)
    except ValueError:
        raise ValueError(site.error) from None
    if url is None:
        handle = text.strip("/")
        if kind == "youtube" and handle.startswith("@"):
            prefix, handle = f"https://{site.host}/@", handle[1:]
        else:
            prefix, handle = site.prefix, handle.lstrip("@")
        link = prefix + handle
        # The saved link must itself be accepted by the next save: a real handle, within the length bound.
        if not _HANDLE.match(handle) or len(link) > SOCIAL_MAX_LENGTH:
            raise ValueError(site.error)
        return link
    host, path, query = url
    if host not in (site.host, *site.aliases) or not path:
        raise ValueError(site.error)
    return f"https://{site.host}/{path}" + (f"?{query}" if query else "")


def website_link(value: str | None) -> str:
    """https:// is added when no scheme is given; only http and https links are kept (a javascript: or data:
    link would run in the page that shows it). Saved as typed otherwise; blank is ""."""
    text = _one_word(value, WEBSITE_INVALID)
    if not text:
        return ""
    scheme = _SCHEME.match(text)
    if "://" in text or (scheme and scheme.group(1).lower() in _NOT_WEB_SCHEMES):
        if not scheme or scheme.group(1).lower() not in ("http", "https"):
            raise ValueError(WEBSITE_INVALID)
        url = text
    else:
        url = f"https://{text}"
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:  # "https://[::1" and the like: not an address a dancer would give
        raise ValueError(WEBSITE_INVALID) from None
    if not _HOST.match(host):
        raise ValueError(WEBSITE_INVALID)
    return url


# --- search -------------------------------------------------------------------------------------------------

LIKE_ESCAPE = "\\"


def contains_pattern(keyword: str) -> str:
    """An ILIKE pattern matching `keyword` anywhere; %, _ and the escape character are taken literally, so a
    search for "100%" finds only names with "100%". Use with `escape=LIKE_ESCAPE`. The caller trims."""
    for special in (LIKE_ESCAPE, "%", "_"):  # the escape character first, or it would escape the others twice
        keyword = keyword.replace(special, LIKE_ESCAPE + special)
    return f"%{keyword}%"
