"""The Event entity as the API answers it, built from the view row (kit.rows Record or a session's mapping):
plain JSON values with the camelCase keys of `schemas.Event` (docs/development.md, hot reads). Period and
isFinished are computed here, at answer time, never stored."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from events.attendance import view as attendance_view
from events.battles import view as battles_view
from events.events import rules
from events.feedback import view as feedback_view
from events.tickets import page as tickets_page
from kit.principal import Principal

ROLE_LISTS = {"admin": "admins", "host": "hosts", "dj": "djs"}


def staff_of(row: Mapping[str, Any]) -> dict[str, Any]:
    staff: dict[str, Any] = {
        "organizer": {
            "id": row["organizer_id"],
            "dancerName": row["organizer_name"],
            "avatar": row["organizer_avatar"],
        },
        "admins": [],
        "hosts": [],
        "djs": [],
    }
    for person in row["staff"] or ():
        staff[ROLE_LISTS[person["role"]]].append(
            {"id": person["id"], "dancerName": person["dancerName"], "avatar": person["avatar"]}
        )
    return staff


def can_edit(row: Mapping[str, Any], principal: Principal) -> bool:
    return rules.can_edit(
        principal.profile_id,
        row["organizer_id"],
        row["caller_roles"] or (),
        org_admin=bool(row["org_admin"]),
        is_platform_admin=principal.is_platform_admin,
    )


def visible(row: Mapping[str, Any] | None, principal: Principal) -> bool:
    if row is None:
        return False
    return rules.can_view(row["status"], row["deleted_at"] is not None, editor=can_edit(row, principal))


def item_of(row: Mapping[str, Any], now: datetime) -> dict[str, Any]:
    """An event as lists show it (cards, chips): its face, place and time. The page adds the rest (event_of)."""
    zone = row["time_zone"]
    period = rules.period(row["starts_at"], row["ends_at"], now)
    has_point = row["lat"] is not None and row["lng"] is not None
    return {
        "id": row["id"],
        "title": row["title"],
        "image": row["image"],
        "status": row["status"],
        "orgId": row["org_id"] or 0,
        "dateStart": rules.format_local(row["local_start"]),
        "dateEnd": rules.format_local(row["local_end"]),
        "timeZone": zone,
        "startsAt": rules.utc_iso(row["starts_at"]),
        "endsAt": rules.utc_iso(row["ends_at"]),
        "dateFlat": rules.date_flat(row["local_start"], row["local_end"]),
        "timeFlat": rules.time_flat(row["local_start"], row["local_end"], zone),
        "period": period,
        "isFinished": period == "past",
        "locationAddress": row["location_address"],
        "coordinates": {"lat": row["lat"], "lng": row["lng"]} if has_point else None,
        "createdAt": rules.utc_iso(row["created_at"]),
        "cancelledAt": rules.utc_iso(row["cancelled_at"]),
    }


def event_of(row: Mapping[str, Any], principal: Principal, now: datetime) -> dict[str, Any]:
    item = item_of(row, now)
    editor = can_edit(row, principal)
    attendance, attendance_permissions = attendance_view.fields(
        row, item["period"], cancelled=item["cancelledAt"] is not None
    )
    feedback, feedback_permissions = feedback_view.fields(row, principal, item["period"], editor=editor)
    return (
        item
        | attendance
        | feedback
        | {
            # An address the geocoder could not place: saved as typed, off the map, and the wizard says so
            # (docs/decisions.md, "Places and geocoding").
            "locationNotFound": bool(row["location_address"].strip()) and item["coordinates"] is None,
            "website": row["website"],
            "description": row["description"],
            "org": (
                {"id": row["org_id"], "name": row["org_name"], "image": row["org_image"]} if row["org_id"] else None
            ),
            "tiers": list(row["tiers"] or ()),
            "carpets": list(row["carpets"] or ()),
            "staff": staff_of(row),
            "battles": battles_view.battles_of(row),
            "scoreboardLogo": row["scoreboard_logo"],
            "scoreboardBgImage": row["scoreboard_bg_image"],
            "permissions": {
                "canEdit": editor,
                "hasTicket": tickets_page.has_ticket(row),
                **attendance_permissions,
                **feedback_permissions,
            },
        }
        | tickets_page.page_fields(row, editor=editor)
    )
