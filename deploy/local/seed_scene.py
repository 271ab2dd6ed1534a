"""The rest of `make seed` but the battles (docs/development.md, "demo data"): studios at street addresses with
their admins, teachers and students; the organization's members, roles, agreement, waiver and clips; ticket tiers,
tickets bought through the test payment provider, check-ins, likes and feedback on events past, now and future.
Everything goes through the gateway's public API, as the web app does; seed_demo.main() calls `scene` once the
events are made (a second run of the seed stops before, so this runs once per stack)."""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from seed_demo import Cast, Dancer, Demo, Event

CARD = "4242 4242 4242 4242"  # the test provider's card that succeeds (services/events/.../payments/local.py)
# (name, street address, lat, lng, admins, teachers): the coordinates are given with the address, as the wizard
# sends those of the place picked, so the three Brooklyn studios are three pins, not one at the city's centre.
STUDIOS = [
    (
        "Brooklyn Breaking Academy",
        "330 Bedford Ave, Brooklyn, NY 11249, United States",
        40.7131,
        -73.9618,
        ["Bgirl Sunny"],
        ["Bboy Thesis", "Bgirl Jazzy Jes"],
    ),
    (
        "Bushwick Cypher House",
        "56 Bogart St, Brooklyn, NY 11206, United States",
        40.7055,
        -73.9335,
        ["Bgirl Jazzy Jes"],
        ["Bboy Victor"],
    ),
    (
        "Flatbush Floor Lab",
        "1000 Flatbush Ave, Brooklyn, NY 11226, United States",
        40.6455,
        -73.9577,
        ["Bboy Thesis"],
        ["Bgirl Logistx", "Bboy Jeffro"],
    ),
    (
        "Kreuzberg Breaking Lab",
        "Oranienstraße 25, 10999 Berlin, Germany",
        52.5010,
        13.4195,
        ["Bboy Storm"],
        ["Bgirl Jilou"],
    ),
    (
        "Studio Cercle Ouvert",
        "12 Rue de la Roquette, 75011 Paris, France",
        48.8539,
        2.3718,
        ["Bboy Dany Dann"],
        ["Bgirl Syssy", "Bboy Lagaet"],
    ),
    (
        "Shibuya Bboy Dojo",
        "1-19-1 Jinnan, Shibuya-ku, Tokyo 150-0041, Japan",
        35.6648,
        139.6985,
        ["Bgirl Ayumi"],
        ["Bgirl Ami", "Bgirl Riko"],
    ),
]
AGREEMENT = {
    "title": "Competitor Agreement",
    "subtitle": "World Breaking Tour battles",
    "version": "2026.1",
    "text": (
        "<p>I enter the battle under my dancer name and accept the judges' decisions as final.</p>"
        "<p>I agree that the battle may be filmed and the videos shown by the World Breaking Tour.</p>"
    ),
}
WAIVER = {
    "title": "Liability Waiver",
    "subtitle": "Breaking is a physical sport",
    "version": "2026.1",
    "text": (
        "<p>I take part at my own risk and I am fit to dance. I release the organizers and the venue from "
        "claims for injury, except for their gross negligence.</p>"
    ),
}
# YouTube ids in the form the media API checks (organizations/media/rules.py); the demo has no footage of its own.
CLIPS = [
    ("World Breaking Tour 2025: the final", "WbT2025finl"),
    ("Berlin qualifier: top 8", "WbTberlin08"),
    ("Tokyo kids crew battle highlights", "WbTtokyoK1d"),
    ("Open cypher, Brooklyn", "WbTbklynCyp"),
]
TIER_SETS = [
    [
        ("Spectator", 0, "Watch the battles and join the open cypher"),
        ("Competitor", 1500, "Entry to the 1v1 and 2v2 battles"),
        ("VIP", 4500, "A seat by the floor and the event T-shirt"),
    ],
    [
        ("Kids under 12", 0, "With a grown-up"),
        ("Early bird", 1000, "Until a week before"),
        ("General admission", 2000, "At the door too"),
    ],
]
STARS = [3.5, 4, 4, 4.5, 4.5, 5, 5]
COMMENTS = [
    "Great floor and the DJ kept it raw all day.",
    "The battles ran late, but the cypher made up for it.",
    "Loved the vibe, see you next year!",
    "Sound was loud and clear, judges were fair.",
    "",
]


def scene(demo: Demo, cast: Cast) -> dict[str, Any]:
    """Studios, the organization's people, documents and media, and tickets, check-ins, likes and feedback on a
    few events; answers what it made, counted."""
    rng = random.Random(28)
    made: dict[str, Any] = {"studios": studios(demo, cast, rng)}
    made |= organization(demo, cast)
    made |= attendance(demo, cast, rng)
    return made


def named(cast: Cast, name: str) -> Dancer:
    """The cast's dancer of that name, else one picked by the name (the cast's list may change)."""
    found = next((dancer for dancer in cast.dancers if dancer.name == name), None)
    return found or cast.dancers[sum(map(ord, name)) % len(cast.dancers)]


def studios(demo: Demo, cast: Cast, rng: random.Random) -> list[int]:
    """Published studios at street addresses: the first admin creates it (as the wizard does) and adds the
    others, the teachers and a handful of students; the organizer co-owns the first, to see it signed in."""
    ids = []
    for n, (name, address, lat, lng, admin_names, teacher_names) in enumerate(STUDIOS):
        admins = [named(cast, admin) for admin in admin_names]
        teachers = [named(cast, teacher) for teacher in teacher_names]
        owner = admins[0].token
        studio = demo.call("POST", "/api/studios", owner)["id"]
        body = {
            "name": name,
            "image": cast.images[(n + 2) % len(cast.images)] if cast.images else None,
            "description": f"<p>Breaking classes for every level, open practice on weekends. {name}.</p>",
            "founded": f"09/01/{2008 + n * 2}",
            "locationAddress": address,
            "locationLat": lat,
            "locationLng": lng,
            "socials": {"instagram": name.lower().replace(" ", ""), "email": "hello@cypher.dance"},
        }
        demo.call("PUT", f"/api/studios/{studio}", owner, json=body)
        for admin in admins[1:] + ([cast.organizer] if n == 0 else []):
            demo.call("POST", f"/api/studios/{studio}/admins/{admin.id}", owner)
        for teacher in teachers:
            demo.call("POST", f"/api/studios/{studio}/teachers/{teacher.id}", owner)
        taken = {d.id for d in admins + teachers}
        for student in rng.sample([d for d in cast.dancers if d.id not in taken], 6):
            demo.call("POST", f"/api/studios/{studio}/students/{student.id}", owner)
        demo.call("PUT", f"/api/studios/{studio}/publish", owner)
        ids.append(studio)
    return ids


def organization(demo: Demo, cast: Cast) -> dict[str, Any]:
    """Every dancer a member (the leaderboard ranks members only: docs/product/organizations.md), an admin and two
    promoters, the agreement and waiver its battles offer, ranking on, and its clips."""
    token, org = cast.organizer.token, cast.org
    body = {
        "name": "World Breaking Tour",
        "image": cast.images[0] if cast.images else None,
        "description": "<p>Battles worldwide: 1v1, 2v2 and crews, open cyphers and kids' battles.</p>",
        "founded": "03/14/2015",
        "rankingDisabled": False,
        "socials": {"instagram": "worldbreakingtour", "website": "https://cypher.dance"},
        "agreement": AGREEMENT,
        "waiver": WAIVER,
    }
    demo.call("POST", f"/api/orgs/{org}", token, json=body)
    for dancer in cast.dancers:
        demo.call("POST", f"/api/orgs/{org}/members/{dancer.id}", token)
    admin, promoters = cast.dancers[0], cast.dancers[1:3]
    demo.call("POST", f"/api/orgs/{org}/role", token, json={"userId": admin.id, "role": "admin"})
    for promoter in promoters:
        demo.call("POST", f"/api/orgs/{org}/role", token, json={"userId": promoter.id, "role": "promoter"})
    own_events = [event.id for event in cast.events if event.org == org]
    for n, (name, video) in enumerate(CLIPS):
        where: dict[str, Any] = {"eventId": own_events[n]} if n % 2 and n < len(own_events) else {"orgId": org}
        body = {"link": f"https://youtu.be/{video}", "name": name} | where
        eventually(demo, "/api/media", token, body)
    return {"members": len(cast.dancers), "orgAdmins": [admin.id], "media": len(CLIPS)}


def eventually(demo: Demo, path: str, token: str, body: dict[str, Any]) -> Any:
    """A write that needs another service's news through NATS (here: organizations learns of an event and of who
    edits it) may be refused for a moment after the event was made: it is tried again for up to 10 s."""
    for _ in range(40):
        response = demo.http.post(path, headers={"X-Auth-Token": token}, json=body)
        if response.status_code not in (403, 404):
            break
        time.sleep(0.25)
    if response.status_code >= 400:
        raise SystemExit(f"POST {path}: {response.status_code} {response.text[:300]}")
    return response.json()


def periods(events: list[Event], now: datetime) -> dict[str, list[Event]]:
    """The cast's events by when they are, a day's margin either way for the time zones (their times are wall
    times where they happen; the three now span two days around today: seed_demo.spans): the organization's
    first."""
    day, zones = timedelta(days=1), timedelta(hours=12)
    out: dict[str, list[Event]] = {"past": [], "now": [], "future": []}
    for event in sorted(events, key=lambda e: e.org == 0):
        if event.end < now - day:
            out["past"].append(event)
        elif event.start > now + day:
            out["future"].append(event)
        elif event.start < now - zones and event.end > now + zones:
            out["now"].append(event)
    return out


def attendance(demo: Demo, cast: Cast, rng: random.Random) -> dict[str, Any]:
    """Three events of each period get several tiers. Now and future: dancers buy tickets (card through the test
    provider, cash, free); now: the organizer checks people in at the door (taking the cash), a few check
    themselves in. Past: tickets are no longer sold, so the door list is the organizer's check-ins, and those
    who were there leave feedback (decisions.md, "Check-in, likes and feedback"). Likes on all of them."""
    by_period = periods(cast.events, datetime.now())
    chosen = {period: events[:3] for period, events in by_period.items()}
    # The organization's admin edits its events, and editors review feedback rather than leave it.
    guests = cast.dancers[1:]
    counts = {"tickets": 0, "checkins": 0, "likes": 0, "feedback": 0}
    for period, events in chosen.items():
        for n, event in enumerate(events):
            tiers = set_tiers(demo, cast, event, TIER_SETS[n % len(TIER_SETS)])
            people = rng.sample(guests, min(len(guests), rng.randint(7, 12)))
            cash: set[int] = set()
            if period != "past":
                for k, dancer in enumerate(people):
                    if buy(demo, dancer, event.id, tiers[k % len(tiers)], cash=k % 5 == 4) == "cash":
                        cash.add(dancer.id)
                counts["tickets"] += len(people)
            if period == "now":
                counts["checkins"] += door(demo, cast, event.id, people, cash)
            if period == "past":
                for dancer in people:
                    demo.call("POST", f"/api/events/{event.id}/checkin/{dancer.id}", cast.organizer.token)
                counts["checkins"] += len(people)
                counts["feedback"] += feedback(demo, event.id, people[: len(people) * 2 // 3], rng)
            counts["likes"] += likes(demo, event.id, guests, rng)
    return counts | {"events": {period: [e.id for e in events] for period, events in chosen.items()}}


def set_tiers(demo: Demo, cast: Cast, event: Event, tiers: list[tuple[str, int, str]]) -> list[dict[str, Any]]:
    body = {"tiers": [{"title": title, "cost": cost, "description": text} for title, cost, text in tiers]}
    saved: list[dict[str, Any]] = demo.call("POST", f"/api/events/{event.id}", cast.organizer.token, json=body)["tiers"]
    return saved


def buy(demo: Demo, dancer: Dancer, event: int, tier: dict[str, Any], *, cash: bool) -> str:
    """As the purchase dialog: one Idempotency-Key per attempt (a retry of this run buys nothing twice), then the
    test provider's card form confirms the payment, which issues the ticket."""
    method = "free" if tier["cost"] == 0 else "cash" if cash else "card"
    headers = {"X-Auth-Token": dancer.token, "Idempotency-Key": f"seed-{event}-{dancer.id}"}
    response = demo.http.post(
        f"/api/events/{event}/tickets", headers=headers, json={"tierId": tier["id"], "method": method}
    )
    if response.status_code >= 400:
        raise SystemExit(f"POST /api/events/{event}/tickets: {response.status_code} {response.text[:300]}")
    payment = response.json()["payment"]
    if payment is not None:
        state = demo.call("POST", f"/api/payments/{payment['id']}/confirm", dancer.token, json={"card": CARD})
        if state["ticket"]["status"] != "issued":
            raise SystemExit(f"payment {payment['id']} of event {event}: {state['payment']['status']}")
    return method


def door(demo: Demo, cast: Cast, event: int, holders: list[Dancer], cash: set[int]) -> int:
    """Half the ticket holders checked in by the organizer ('Pay & Check-In' takes a cash ticket's money), two
    by themselves (a cash ticket not yet paid may not: attendance/rules.py); a walk-in gets a staff ticket."""
    token = cast.organizer.token
    staff = holders[: len(holders) // 2]
    selves = [d for d in holders[len(holders) // 2 :] if d.id not in cash][:2]
    for dancer in staff:
        demo.call("POST", f"/api/events/{event}/checkin/{dancer.id}", token, json={"payCash": True})
    for dancer in selves:
        demo.call("POST", f"/api/events/{event}/checkin", dancer.token)
    holding = {d.id for d in holders}
    walk_in = next((d for d in cast.dancers[1:] if d.id not in holding), None)
    if walk_in is None:
        return len(staff) + len(selves)
    demo.call("POST", f"/api/events/{event}/staff-ticket", token, json={"userId": walk_in.id})
    demo.call("POST", f"/api/events/{event}/checkin/{walk_in.id}", token)
    return len(staff) + len(selves) + 1


def feedback(demo: Demo, event: int, dancers: list[Dancer], rng: random.Random) -> int:
    for dancer in dancers:
        body = {name: rng.choice(STARS) for name in ("timeliness", "communication", "venue", "vibe", "musicSound")} | {
            "details": rng.choice(COMMENTS)
        }
        demo.call("POST", f"/api/events/{event}/feedback", dancer.token, json=body)
    return len(dancers)


def likes(demo: Demo, event: int, dancers: list[Dancer], rng: random.Random) -> int:
    """A like toggles: each dancer likes once."""
    fans = rng.sample(dancers, min(len(dancers), rng.randint(3, 14)))
    for dancer in fans:
        demo.call("POST", f"/api/events/{event}/like", dancer.token)
    return len(fans)
