"""Sharing an event: the calendar file in the venue's time zone (a TZID with its VTIMEZONE, the DST change the
event straddles included, escaped and folded as RFC 5545 says) and the QR code of the event's link; both only for
those who may see the event."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
from event.cast import ORGANIZER, STRANGER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession

from events.share.rules import Shared, calendar_file, qr_png, transitions


def unfolded(ics: bytes) -> list[str]:
    return ics.decode().replace("\r\n ", "").split("\r\n")


class TestCalendarFile:
    def test_the_venues_wall_time_with_its_zone_and_the_change_it_straddles(self) -> None:
        shared = Shared(
            id=7,
            title="Floor Wars; Finals, Day 2",
            description="<p>Top 16 <b>only</b></p>",
            location="Queens, NY, United States",
            link="https://cypher.example.com/event/7",
            zone="America/New_York",
            local_start=datetime(2026, 10, 31, 20, 0),
            local_end=datetime(2026, 11, 1, 4, 0),  # the clocks go back at 2:00 that night
        )
        lines = unfolded(calendar_file(shared, now=datetime(2026, 11, 24, tzinfo=UTC)))
        assert lines[:3] == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cypher//Events//EN"]
        assert "DTSTART;TZID=America/New_York:20261031T200000" in lines
        assert "DTEND;TZID=America/New_York:20261101T040000" in lines
        assert "SUMMARY:Floor Wars\\; Finals\\, Day 2" in lines
        assert "DESCRIPTION:Top 16 only\\n\\nhttps://cypher.example.com/event/7" in lines
        assert "LOCATION:Queens\\, NY\\, United States" in lines
        zone = lines[lines.index("BEGIN:VTIMEZONE") : lines.index("END:VTIMEZONE") + 1]
        assert "TZID:America/New_York" in zone
        fall_back = zone.index("DTSTART:20261101T020000")  # 2:00 EDT -> 1:00 EST
        assert zone[fall_back - 1] == "BEGIN:STANDARD"
        assert zone[fall_back + 1 : fall_back + 4] == ["TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "TZNAME:EST"]
        assert lines[-2:] == ["END:VCALENDAR", ""]

    def test_lines_are_folded_at_75_octets_without_splitting_a_character(self) -> None:
        shared = Shared(7, "é" * 120, "", "", "https://x/event/7", "UTC", datetime(2030, 1, 1), datetime(2030, 1, 2))
        raw = calendar_file(shared)
        assert all(len(line) <= 75 for line in raw.split(b"\r\n"))
        assert f"SUMMARY:{'é' * 120}" in unfolded(raw)

    def test_a_zone_without_changes_has_one_standard_block(self) -> None:
        shared = Shared(8, "Tokyo", "", "", "l", "Asia/Tokyo", datetime(2030, 7, 1, 12), datetime(2030, 7, 1, 18))
        zone = unfolded(calendar_file(shared))
        assert "TZOFFSETFROM:+0900" in zone and "TZOFFSETTO:+0900" in zone and zone.count("BEGIN:STANDARD") == 1

    def test_transitions_are_found_to_the_minute(self) -> None:
        changes = transitions("Europe/Berlin", datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC))
        assert [moment for moment, *_ in changes] == [
            datetime(2026, 3, 29, 1, 0, tzinfo=UTC),
            datetime(2026, 10, 25, 1, 0, tzinfo=UTC),
        ]


class TestRoutes:
    async def test_calendar_file_and_qr_code_of_a_published_event(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session, title="Floor Wars", start="2030-06-01T12:00", end="2030-06-01T18:00")
        ics = await client.get(f"/api/events/{event.id}/calendar.ics")
        assert ics.status_code == 200 and ics.headers["content-type"] == "text/calendar; charset=utf-8"
        assert f'filename="event-{event.id}.ics"' in ics.headers["content-disposition"]
        assert "DTSTART;TZID=America/New_York:20300601T120000" in unfolded(ics.content)
        qr = await client.get(f"/api/events/{event.id}/qr.png")
        assert qr.status_code == 200 and qr.headers["content-type"] == "image/png"
        assert qr.content == qr_png(f"http://cypher.test/event/{event.id}")  # the event's public link

    async def test_a_draft_is_shared_only_with_its_editors_and_needs_dates(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        draft = await create_event(session, status="draft", start=None, end=None)
        for path in ("calendar.ics", "qr.png"):
            assert (await client.get(f"/api/events/{draft.id}/{path}")).status_code == 404
            assert (await client.get(f"/api/events/{draft.id}/{path}", headers=headers(STRANGER))).status_code == 404
        assert (await client.get(f"/api/events/{draft.id}/qr.png", headers=headers(ORGANIZER))).status_code == 200
        undated = await client.get(f"/api/events/{draft.id}/calendar.ics", headers=headers(ORGANIZER))
        assert undated.status_code == 400 and undated.json()["error"]["message"] == "Please select an event date"
