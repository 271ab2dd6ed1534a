"""Sharing an event outside the app, pure: an iCalendar file in the venue's time zone ("add to calendar") and
a QR code of the event's link (the organizer's How To Guide prints it at the door)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import segno

from kit.sanitize import strip_html

PRODUCT = "-//Cypher//Events//EN"
LINE_OCTETS = 75  # RFC 5545 3.1: lines longer than 75 octets are folded


@dataclass(frozen=True)
class Shared:
    id: int
    title: str
    description: str
    location: str
    link: str
    zone: str
    local_start: datetime
    local_end: datetime


def _escape(text: str) -> str:
    return (
        text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
    )


def _fold(line: str) -> list[str]:
    """A content line in pieces of at most 75 octets, never splitting a UTF-8 character."""
    pieces: list[str] = []
    current, size = "", 0
    for char in line:
        width = len(char.encode())
        limit = LINE_OCTETS if not pieces else LINE_OCTETS - 1  # continuation lines start with a space
        if size + width > limit:
            pieces.append(current)
            current, size = "", 0
        current += char
        size += width
    pieces.append(current)
    return [pieces[0], *(" " + piece for piece in pieces[1:])]


def _stamp(value: datetime) -> str:
    return value.strftime("%Y%m%dT%H%M%S")


def _offset(delta: timedelta | None) -> str:
    minutes = int((delta or timedelta()).total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def transitions(zone: str, start: datetime, end: datetime) -> list[tuple[datetime, timedelta, timedelta, str]]:
    """The zone's offset changes between two UTC instants: (instant, offset before, offset after, name after),
    found day by day and then to the minute. zoneinfo exposes no transition table; a year is 366 probes."""
    tz = ZoneInfo(zone)
    found = []
    day = start
    while day < end:
        following = day + timedelta(days=1)
        before, after = day.astimezone(tz).utcoffset(), following.astimezone(tz).utcoffset()
        if before != after:
            low, high = day, following
            while high - low > timedelta(minutes=1):
                middle = low + (high - low) / 2
                if middle.astimezone(tz).utcoffset() == before:
                    low = middle
                else:
                    high = middle
            moment = high.replace(second=0, microsecond=0)
            found.append((moment, before or timedelta(), after or timedelta(), high.astimezone(tz).tzname() or zone))
        day = following
    return found


def _vtimezone(zone: str, start: datetime, end: datetime) -> list[str]:
    """The VTIMEZONE the event's TZID refers to, covering the event (and a year before it, for the offset in
    force when it starts): one STANDARD or DAYLIGHT block per change, or one block for a zone without any."""
    tz = ZoneInfo(zone)
    lines = ["BEGIN:VTIMEZONE", f"TZID:{zone}"]
    changes = transitions(zone, start - timedelta(days=366), end + timedelta(days=1))
    if not changes:
        offset = start.astimezone(tz).utcoffset()
        name = start.astimezone(tz).tzname() or zone
        return [
            *lines,
            "BEGIN:STANDARD",
            "DTSTART:19700101T000000",
            f"TZOFFSETFROM:{_offset(offset)}",
            f"TZOFFSETTO:{_offset(offset)}",
            f"TZNAME:{name}",
            "END:STANDARD",
            "END:VTIMEZONE",
        ]
    for moment, before, after, name in changes:
        kind = "DAYLIGHT" if moment.astimezone(tz).dst() else "STANDARD"
        local_before = (moment + before).replace(tzinfo=None)  # the wall clock when it changes, as it read before
        lines += [
            f"BEGIN:{kind}",
            f"DTSTART:{_stamp(local_before)}",
            f"TZOFFSETFROM:{_offset(before)}",
            f"TZOFFSETTO:{_offset(after)}",
            f"TZNAME:{name}",
            f"END:{kind}",
        ]
    return [*lines, "END:VTIMEZONE"]


def calendar_file(event: Shared, now: datetime | None = None) -> bytes:
    """An .ics with the event at the venue's wall time and zone (TZID + VTIMEZONE), as RFC 5545 writes it."""
    tz = ZoneInfo(event.zone)
    start = event.local_start.replace(tzinfo=tz).astimezone(UTC)
    end = max(event.local_end.replace(tzinfo=tz).astimezone(UTC), start)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    about = " ".join(strip_html(event.description).split())
    body = [
        "BEGIN:VEVENT",
        f"UID:event-{event.id}@cypher",
        f"DTSTAMP:{stamp}",
        f"DTSTART;TZID={event.zone}:{_stamp(event.local_start)}",
        f"DTEND;TZID={event.zone}:{_stamp(max(event.local_end, event.local_start))}",
        f"SUMMARY:{_escape(event.title or 'Untitled event')}",
        f"URL:{event.link}",
        *([f"LOCATION:{_escape(event.location)}"] if event.location else []),
        f"DESCRIPTION:{_escape((about + chr(10) + chr(10) if about else '') + event.link)}",
        "END:VEVENT",
    ]
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODUCT}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        *_vtimezone(event.zone, start, end),
        *body,
        "END:VCALENDAR",
    ]
    return ("\r\n".join(folded for line in lines for folded in _fold(line)) + "\r\n").encode()


def qr_png(link: str, scale: int = 8) -> bytes:
    """The link as a QR code (PNG, quiet zone included), error correction M: printed and scanned at a door."""
    out = io.BytesIO()
    segno.make(link, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
