"""The demo's battle day (`make seed`, after the events): made through the gateway's public API as the people of a
battle would make it, so that a newcomer opens the heart of the platform at once.

- **A 1 vs 1 battle happening now** at a jam: twelve dancers registered themselves, three judges scored every one
  in the prelims, Randomize and Add to bracket made a bracket of 4; both semi-finals are decided, and the final is
  on the Main carpet's scoreboard, half judged (two of three judges have scored it; the audience votes).
- **A five-criteria battle happening now** at the same jam (WDSF faders, docs/product/judging.md): four dancers,
  the semi-finals decided, the final's round 1 given by two of its three judges: its decision waits for the third.
- **A 3 vs 3 crew battle in registration** at a coming jam: five crews for a cap of four, the last on the wait
  list; one crew still waits for a member to accept.
- **Finished battles with winners** at the organization's event, last year's and this year's, so that the
  organization's leaderboard has points in two years.

The battles service learns of events and profiles through the bus, so a first call may be refused for a moment:
`until` asks again."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # seed_demo imports this module
    from seed_demo import Cast, Dancer, Demo, Event

T = TypeVar("T")


def until(what: str, attempt: Callable[[], T | None], seconds: float = 20.0) -> T:
    deadline = time.monotonic() + seconds
    while True:
        found = attempt()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: still refused after {seconds:.0f} s")
        time.sleep(0.25)


def tried(demo: Demo, method: str, path: str, token: str | None, **kwargs: Any) -> Any | None:
    """The answer, or None when refused (asked again by `until`)."""
    headers = {"X-Auth-Token": token} if token else {}
    response = demo.http.request(method, path, headers=headers, **kwargs)
    if response.status_code >= 400:
        return None
    return response.json() if response.content else {}


def add_battle(demo: Demo, organizer: Dancer, event: Event, body: dict[str, Any]) -> int:
    made = until(
        f"a battle at {event.title}",
        lambda: tried(demo, "POST", f"/api/events/{event.id}/add-battle", organizer.token),
    )
    battle = int(made["id"])
    demo.call("PUT", f"/api/battles/{battle}", organizer.token, json=body)
    return battle


def register(demo: Demo, battle: int, dancer: Dancer) -> None:
    """The dancer registers themself, signing the organization's documents first when the battle has them."""
    page = demo.call("GET", f"/api/battles/{battle}", dancer.token)
    if page["isRegistered"]:
        return
    for document, present in (("agreement", page["hasAgreement"]), ("waiver", page["hasWaiver"])):
        if present:
            demo.call("POST", f"/api/battles/{battle}/sign-{document}", dancer.token)
    until(
        f"{dancer.name} registering",
        lambda: tried(demo, "POST", f"/api/battles/{battle}/dancer", dancer.token),
    )


def judged(demo: Demo, sparring: int, judges: list[Dancer], red_wins: bool) -> None:
    """Each of `judges` scores every round of the sparring (the red side ahead when `red_wins`)."""
    rounds = demo.call("GET", f"/api/sparrings/{sparring}", judges[0].token)["roundsCount"]
    for n, judge in enumerate(judges):
        ahead, behind = 8.5 + (n % 2) / 2, 7.0 + (n % 3) / 2
        red, blue = (ahead, behind) if red_wins else (behind, ahead)
        body = {"rounds": [{"round": r, "redPoints": red, "bluePoints": blue} for r in range(1, rounds + 1)]}
        demo.call("POST", f"/api/sparrings/{sparring}/judge", judge.token, json=body)


def faders(demo: Demo, sparring: int, judges: list[Dancer], red_wins: bool) -> None:
    """Each of `judges` moves the five criteria's faders for every round (toward red when `red_wins`, one judge
    of three the other way)."""
    rounds = demo.call("GET", f"/api/sparrings/{sparring}", judges[0].token)["roundsCount"]
    for n, judge in enumerate(judges):
        lean = -1 if red_wins != (n == 2) else 1  # red is -10, blue 10
        moved = [lean * (3 + n), lean * 2, 0, -lean, lean * (n + 1)]
        body = {"rounds": [{"round": r, "faders": moved} for r in range(1, rounds + 1)]}
        demo.call("POST", f"/api/sparrings/{sparring}/judge", judge.token, json=body)


def prelims(demo: Demo, organizer: Dancer, battle: int, entrants: list[Dancer], judges: list[Dancer]) -> None:
    """Every judge scores every dancer in the prelims (the k-th dancer's average is 10 - k/2, give or take a
    judge's half point: no tie at the cut), then Randomize and Add to bracket."""
    for n, judge in enumerate(judges):
        scores = [
            {"userId": d.id, "points": 10 - k / 2 - (0.5 if n == 1 and k else 0), "round": 1}
            for k, d in enumerate(entrants)
        ]
        demo.call("POST", f"/api/battles/{battle}/prelims", judge.token, json=scores)
    demo.call("POST", f"/api/battles/{battle}/reshuffle", organizer.token)
    demo.call("POST", f"/api/battles/{battle}/prelims/finish", organizer.token)


def judges_of(demo: Demo, organizer: Dancer, battle: int, judges: list[Dancer]) -> None:
    for judge in judges:
        role = {"userId": judge.id, "role": "judge"}
        until(
            f"{judge.name} judging",
            partial(tried, demo, "POST", f"/api/battles/{battle}/role", organizer.token, json=role),
        )


def five_criteria_battle(demo: Demo, cast: Cast, event: Event) -> int:
    organizer = cast.organizer
    entrants, judges = cast.dancers[4:8], cast.dancers[-3:]
    battle = add_battle(
        demo,
        organizer,
        event,
        {
            "title": "Bgirl 1 vs 1 · Five criteria",
            "crewSize": 1,
            "style": "bracket",
            "bracketSize": 4,
            "judgingMode": "five",
            "description": "<p>Judged as at the Olympics: a fader per criterion, round by round.</p>",
        },
    )
    judges_of(demo, organizer, battle, judges)
    for dancer in entrants:
        register(demo, battle, dancer)
    prelims(demo, organizer, battle, entrants, judges)
    bracket = demo.call("GET", f"/api/battles/{battle}/brackets", organizer.token)
    for sparring, red_wins in zip(
        (bracket["left"][0][0]["sparringId"], bracket["right"][0][0]["sparringId"]), (True, False), strict=True
    ):
        faders(demo, sparring, judges, red_wins)
        demo.call("POST", f"/api/sparrings/{sparring}/finish", organizer.token)
    final = demo.call("GET", f"/api/battles/{battle}/brackets", organizer.token)["final"]["sparringId"]
    faders(demo, final, judges[:2], red_wins=False)  # the third judge has not given round 1 yet
    return battle


def live_battle(demo: Demo, cast: Cast, event: Event) -> dict[str, Any]:
    organizer = cast.organizer
    entrants, judges, voters = cast.dancers[:12], cast.dancers[-3:], cast.dancers[12:20]
    demo.call("POST", f"/api/events/{event.id}/carpets", organizer.token, json={"carpets": [{"name": "Main"}]})
    battle = add_battle(
        demo,
        organizer,
        event,
        {
            "title": "Bboy & Bgirl 1 vs 1",
            "crewSize": 1,
            "style": "bracket",
            "bracketSize": 4,
            "description": "<p>Prelims: three judges score every dancer; the top four battle it out.</p>",
            "prizesDesc": "The champion takes the belt.",  # plain text: the page shows it as written
        },
    )
    judges_of(demo, organizer, battle, judges)
    for dancer in entrants:
        register(demo, battle, dancer)
    prelims(demo, organizer, battle, entrants, judges)
    bracket = demo.call("GET", f"/api/battles/{battle}/brackets", organizer.token)
    semis = [bracket["left"][0][0]["sparringId"], bracket["right"][0][0]["sparringId"]]
    for sparring, red_wins in zip(semis, (True, False), strict=True):
        judged(demo, sparring, judges, red_wins)
        demo.call("POST", f"/api/sparrings/{sparring}/finish", organizer.token)
    final = demo.call("GET", f"/api/battles/{battle}/brackets", organizer.token)["final"]["sparringId"]
    boards = until(
        "the Main carpet's scoreboard",
        lambda: tried(demo, "POST", f"/api/events/{event.id}/scoreboards/init", organizer.token) or None,
    )
    carpet = boards[0]["carpetId"]
    demo.call("POST", f"/api/events/{event.id}/scoreboards/{carpet}", organizer.token, json={"sparringId": final})
    judged(demo, final, judges[:2], red_wins=True)  # half judged: the third judge has not scored yet
    for n, voter in enumerate(voters):
        demo.call("POST", f"/api/sparrings/{final}/audience/{'red' if n % 3 else 'blue'}", voter.token)
    return {"event": event.id, "battle": battle, "final": final, "carpet": carpet}


def crew_battle(demo: Demo, cast: Cast, event: Event) -> int:
    organizer = cast.organizer
    battle = add_battle(
        demo,
        organizer,
        event,
        {
            "title": "3 vs 3 Crew Battle",
            "crewSize": 3,
            "participationCapType": "registration",
            "limit": 4,
            "description": "<p>Crews of three; the first four crews compete, the others wait.</p>",
        },
    )
    crews = [cast.dancers[12 + 3 * n : 15 + 3 * n] for n in range(5)]
    for n, (captain, *members) in enumerate(crews):
        name = ["Floor Lords", "Rock Steady Juniors", "Spin Doctors", "Top Notch", "Freeze Frame"][n]
        body = {"name": name, "userIds": [m.id for m in members]}
        made = until(
            f"{captain.name}'s crew", partial(tried, demo, "POST", f"/api/crews/{battle}", captain.token, json=body)
        )
        crew = next(c["id"] for c in made["crews"] + made["waitList"] if c["captainId"] == captain.id)
        for member in members if n != 2 else members[:1]:  # one crew still waits for a member to accept
            demo.call("POST", f"/api/crews/{battle}/{crew}/accept", member.token)
    return battle


def finished_battles(demo: Demo, cast: Cast, event: Event) -> list[int]:
    """Two battles of the organization's event with their winners: last year's and this year's."""
    organizer, made = cast.organizer, []
    this_year = datetime.now(UTC).year
    for year, title, dancers in (
        (this_year - 1, f"Top Rock Kings {this_year - 1}", cast.dancers[:8]),
        (this_year, f"Top Rock Kings {this_year}", cast.dancers[4:12]),
    ):
        for dancer in dancers:  # the leaderboard ranks the organization's members
            tried(demo, "POST", f"/api/orgs/{cast.org}/members/{dancer.id}", organizer.token)
        battle = add_battle(
            demo,
            organizer,
            event,
            {"title": title, "crewSize": 1, "startDate": f"{year}-06-14T12:00:00Z", "orgId": cast.org},
        )
        for dancer in dancers:
            register(demo, battle, dancer)
        winners = [{"id": d.id, "place": place} for d, place in zip(dancers, (1, 2, 4, 4, 8, 8, 8, 8), strict=True)]
        demo.call("POST", f"/api/battles/{battle}/winners", organizer.token, json=winners)
        made.append(battle)
    return made


def battle_day(demo: Demo, cast: Cast) -> dict[str, Any]:
    now = datetime.now()
    happening = [e for e in cast.events if e.start <= now <= e.end]
    jam = next(e for e in happening if not e.org)
    org_event = next(e for e in happening if e.org)
    coming = next(e for e in sorted(cast.events, key=lambda e: e.start) if e.start > now and not e.org)
    live = live_battle(demo, cast, jam)
    live["five"] = five_criteria_battle(demo, cast, jam)
    crews = crew_battle(demo, cast, coming)
    finished = finished_battles(demo, cast, org_event)
    return {
        "live": live,
        "crews": {"event": coming.id, "battle": crews},
        "finished": {"event": org_event.id, "battles": finished},
    }
