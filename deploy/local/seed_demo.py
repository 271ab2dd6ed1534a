"""Demo data for a running stack (`make dev`), made through the gateway's public API as users would: dancers with
finished profiles, an organization, and published events in real cities over the last two months and the next
three (a few happening now), so Home, the events grid, map and calendar, the members wall and the profiles have
something to show; seed_scene.py adds the studios, the organization's people, documents and clips, and tickets,
check-ins, likes and feedback. Run it once the stack is up:

    make seed            # or: uv run python deploy/local/seed_demo.py --url http://localhost:8080

It signs up (or in) `demo-organizer@cypher.dance` first; when that organizer has events, the data is there and it
stops.
Every account's password is `breaking-2026`."""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import sys
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

import httpx
from seed_battles import battle_day
from seed_scene import scene

PASSWORD = "breaking-2026"
ORGANIZER = "demo-organizer@cypher.dance"
ADMIN = "demo-admin@cypher.dance"
DANCERS = [
    ("Bboy Storm", "Germany", "Berlin", "Berlin"),
    ("Bgirl Ayumi", "Japan", "Tokyo", "Tokyo"),
    ("Bboy Lil Zoo", "Morocco", "Rabat-Salé-Kénitra", "Rabat"),
    ("Bgirl Logistx", "United States", "California", "San Diego"),
    ("Bboy Victor", "United States", "Florida", "Orlando"),
    ("Bgirl Kastet", "Ukraine", "Kyiv City", "Kyiv"),
    ("Bboy Hong 10", "Korea, South", "Seoul", "Seoul"),
    ("Bgirl India", "Netherlands", "North Holland", "Amsterdam"),
    ("Bboy Menno", "Netherlands", "North Holland", "Amsterdam"),
    ("Bgirl Sunny", "United States", "New York", "New York"),
    ("Bboy Phil Wizard", "Canada", "British Columbia", "Vancouver"),
    ("Bgirl 671", "China", "Shanghai", "Shanghai"),
]
# (place search text, title): real cities, found through /api/places as the wizard finds them
EVENTS = [
    ("Brooklyn", "Brooklyn Cypher Sessions"),
    ("Queens", "Queens Floor Wars"),
    ("Newark", "Newark Roots Jam"),
    ("Philadelphia", "Philly Toprock Throwdown"),
    ("Boston", "Boston Breaks Open"),
    ("Washington", "Capital Cypher"),
    ("Miami", "Miami Heatwave 2v2"),
    ("Chicago", "Windy City Footwork"),
    ("Los Angeles", "LA Freeze Frame"),
    ("San Francisco", "Bay Area Burners"),
    ("Seattle", "Emerald City Breaks"),
    ("Toronto", "Toronto Powermove Summit"),
    ("Montreal", "Montréal Cypher Nights"),
    ("Mexico City", "CDMX Batalla Abierta"),
    ("São Paulo", "São Paulo Roda de Break"),
    ("London", "London Underground Jam"),
    ("Paris", "Paris Cercle Ouvert"),
    ("Berlin", "Berlin Battle of the Year Qualifier"),
    ("Amsterdam", "Amsterdam Canal Cypher"),
    ("Lisbon", "Lisboa Breaking Fest"),
    ("Barcelona", "Barcelona Bboy Beach Jam"),
    ("Warsaw", "Warsaw Freestyle Session"),
    ("Kyiv", "Kyiv Outbreak"),
    ("Istanbul", "Istanbul Bosphorus Battle"),
    ("Cairo", "Cairo Sand Breaks"),
    ("Lagos", "Lagos Afrobreak Jam"),
    ("Cape Town", "Cape Town Table Mountain Cypher"),
    ("Dubai", "Dubai Desert Freeze"),
    ("Mumbai", "Mumbai Monsoon Battle"),
    ("Seoul", "Seoul Power Crew Clash"),
    ("Tokyo", "Tokyo Kids Crew Battle"),
    ("Osaka", "Osaka Groove Session"),
    ("Shanghai", "Shanghai Skyline Breaks"),
    ("Manila", "Manila Bboy Fiesta"),
    ("Sydney", "Sydney Harbour Cypher"),
    ("Auckland", "Auckland Southern Breaks"),
    ("Suva", "Suva Island Jam"),
    ("Honolulu", "Honolulu Aloha Breaks"),
]
# more dancers for the battles (a 1 vs 1 battle of 12 with three judges, crews of 3 with a wait list, winners)
MORE_DANCERS = [
    ("Bboy Kid Karam", "United Kingdom", "England", "London"),
    ("Bgirl Jilou", "Germany", "Berlin", "Berlin"),
    ("Bboy Shigekix", "Japan", "Osaka", "Osaka"),
    ("Bgirl Ami", "Japan", "Tokyo", "Tokyo"),
    ("Bboy Amir", "Kazakhstan", "Almaty", "Almaty"),
    ("Bgirl Nicka", "Lithuania", "Vilnius County", "Vilnius"),
    ("Bboy Jeffro", "United States", "Illinois", "Chicago"),
    ("Bgirl Jazzy Jes", "United States", "New York", "New York"),
    ("Bboy Wing", "Korea, South", "Seoul", "Seoul"),
    ("Bgirl Vanessa", "Portugal", "Lisbon", "Lisbon"),
    ("Bboy Dany Dann", "France", "Île-de-France", "Paris"),
    ("Bgirl Syssy", "France", "Île-de-France", "Paris"),
    ("Bboy Lagaet", "France", "Île-de-France", "Paris"),
    ("Bgirl Riko", "Japan", "Tokyo", "Tokyo"),
    ("Bboy Issei", "Japan", "Fukuoka", "Fukuoka"),
    ("Bgirl Madmax", "Belgium", "Brussels-Capital", "Brussels"),
    ("Bboy Gravity", "United States", "California", "Los Angeles"),
    ("Bgirl Terra", "United States", "California", "Los Angeles"),
    ("Bboy Thesis", "United States", "New York", "New York"),
    ("Bgirl Sarah Bee", "Canada", "Ontario", "Toronto"),
    ("Bboy Alkolil", "Russia", "Moscow", "Moscow"),
    ("Bgirl Yell", "Korea, South", "Seoul", "Seoul"),
    ("Bboy Luan", "Brazil", "São Paulo", "São Paulo"),
    ("Bgirl Nadia", "Morocco", "Casablanca-Settat", "Casablanca"),
]
COLOURS = [(183, 28, 28), (21, 101, 192), (46, 125, 50), (106, 27, 154), (239, 108, 0), (0, 121, 107)]


def banner(colour: tuple[int, int, int]) -> bytes:
    """A 1600x900 gradient banner (no photo of a real person in demo data)."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (1600, 900), colour)
    draw = ImageDraw.Draw(image)
    for y in range(0, 900, 6):
        shade = tuple(max(0, c - y // 8) for c in colour)
        draw.rectangle((0, y, 1600, y + 6), fill=shade)
    for x in range(-900, 1600, 160):
        draw.line((x, 900, x + 900, 0), fill=(255, 255, 255), width=10)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


@dataclass
class Dancer:
    token: str
    id: int
    name: str


@dataclass
class Event:
    id: int
    title: str
    start: datetime
    end: datetime
    org: int  # 0: none


@dataclass
class Cast:
    """What the first part made, for the parts that show the rest (studios, tickets, battles)."""

    organizer: Dancer
    dancers: list[Dancer]
    org: int
    events: list[Event] = field(default_factory=list)
    images: list[str] = field(default_factory=list)


class Demo:
    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30)

    def call(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = {"X-Auth-Token": token} if token else {}
        response = self.http.request(method, path, headers=headers, **kwargs)
        if response.status_code >= 400:
            raise SystemExit(f"{method} {path}: {response.status_code} {response.text[:300]}")
        return response.json() if response.content else None

    def account(self, email: str, name: str, country: str, state: str, city: str) -> tuple[str, int]:
        """Signs the account up (or in, when a run before made it) and finishes its profile."""
        response = self.http.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
        if response.status_code != 201:
            response = self.http.post("/api/auth/login", json={"email": email, "password": PASSWORD})
        if response.status_code not in (200, 201):
            raise SystemExit(f"sign up or in {email}: {response.status_code} {response.text[:300]}")
        body = response.json()
        token, user_id = body["accessToken"], body["user"]["id"]
        profile = {"dancerName": name, "fullName": name, "birthday": "06/15/1995"}
        self.call("POST", "/api/user", token, json=profile | {"country": country, "state": state, "city": city})
        return token, user_id

    def save_event(self, token: str, event: int, body: dict[str, Any]) -> None:
        """The organization's role reaches the events service through NATS: a save under it may wait a moment."""
        for _ in range(40):
            response = self.http.post(f"/api/events/{event}", headers={"X-Auth-Token": token}, json=body)
            if response.status_code != 403:
                break
            time.sleep(0.25)
        if response.status_code >= 400:
            raise SystemExit(f"POST /api/events/{event}: {response.status_code} {response.text[:300]}")

    def image(self, token: str, colour: tuple[int, int, int]) -> str:
        files = {"file": ("banner.jpg", banner(colour), "image/jpeg")}
        return str(self.call("POST", "/api/images", token, files=files)["id"])

    def place(self, text: str) -> dict[str, Any] | None:
        items = self.call("GET", "/api/places", params={"q": text, "limit": 1})["items"]
        return items[0] if items else None


def spans(count: int, today: date, rng: random.Random) -> list[tuple[datetime, datetime]]:
    """Start and end wall times: three happening now, the rest from 60 days ago to 90 days ahead."""
    out = []
    for n in range(count):
        if n < 3:
            start = datetime.combine(today - timedelta(days=1), datetime.min.time()).replace(hour=12)
            out.append((start, start + timedelta(days=2, hours=6)))
            continue
        day = today + timedelta(days=rng.randint(-60, 90))
        start = datetime.combine(day, datetime.min.time()).replace(hour=rng.choice([11, 12, 13, 14, 18, 19]))
        out.append((start, start + timedelta(hours=rng.choice([4, 6, 8, 30]))))
    return out


def make_instructors(demo: Demo, identity_db: str, dancers: list[int]) -> int:
    """Workshop instructors are marked by a platform admin; the platform-admin flag has no API on purpose, so the
    demo admin gets it as an operator would (`identity set-platform-admin`), on identity's database."""
    token, _ = demo.account(ADMIN, "Demo Admin", "United States", "New York", "New York")
    os.environ["IDENTITY_DATABASE_URL"] = identity_db
    from identity.cli import set_platform_admin

    if not asyncio.run(set_platform_admin(ADMIN, True)):
        print("the demo admin could not be made platform admin: no workshop instructors", file=sys.stderr)
        return 0
    token, _ = demo.account(ADMIN, "Demo Admin", "United States", "New York", "New York")  # a token that says so
    for user_id in dancers:
        demo.call("PUT", f"/api/admin/users/{user_id}/instructor", token, json={"isInstructor": True})
    return len(dancers)


def events_in_cities(demo: Demo, cast: Cast) -> None:
    """Published events in real cities (a third of them the organization's), found as the wizard finds places."""
    token = cast.organizer.token
    cast.images = [demo.image(token, colour) for colour in COLOURS]
    rng = random.Random(2026)
    for (search, title), (start, end) in zip(EVENTS, spans(len(EVENTS), date.today(), rng), strict=True):
        found = demo.place(search)
        if found is None:
            print(f"no place found for {search!r}: skipped", file=sys.stderr)
            continue
        made = len(cast.events)
        event = demo.call("POST", "/api/events", token)["id"]
        org = cast.org if made % 3 == 0 else 0
        body = {
            "title": title,
            "description": f"<p>Open cypher, 1v1 and 2v2 battles, DJs all day in {found['name']}.</p>",
            "dateStart": start.strftime("%Y-%m-%dT%H:%M"),
            "dateEnd": end.strftime("%Y-%m-%dT%H:%M"),
            "locationAddress": found["address"],
            "coordinates": {"lat": found["lat"], "lng": found["lng"]},
            "orgId": org,
            "image": cast.images[made % len(cast.images)],
            "tiers": [{"title": "Entry", "cost": rng.choice([0, 1000, 1500, 2500]), "description": None}],
        }
        demo.save_event(token, event, body)
        demo.call("POST", f"/api/events/{event}/publish", token)
        if made % 4 == 0:
            dj = rng.choice(cast.dancers).id
            demo.call("POST", f"/api/events/{event}/role", token, json={"userId": dj, "role": "dj"})
        cast.events.append(Event(event, title, start, end, org))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://localhost:8080", help="the gateway")
    parser.add_argument(
        "--identity-db",
        default=os.environ.get(
            "IDENTITY_DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_identity"
        ),
        help="identity's database (make dev's by default): the demo admin is made platform admin there",
    )
    args = parser.parse_args()
    started = time.monotonic()
    demo = Demo(args.url)
    token, organizer_id = demo.account(ORGANIZER, "Demo Organizer", "United States", "New York", "New York")
    if demo.call("GET", "/api/events", params={"u": organizer_id, "pp": 1}):
        print(f"{ORGANIZER} has events: the demo data is there already")
        return 0
    dancers = [
        Dancer(*demo.account(f"demo-dancer-{n + 1}@cypher.dance", name, country, state, city), name)
        for n, (name, country, state, city) in enumerate(DANCERS + MORE_DANCERS)
    ]
    org = demo.call("POST", "/api/orgs", token)["id"]
    demo.call(
        "POST",
        f"/api/orgs/{org}",
        token,
        json={"name": "World Breaking Tour", "status": "published", "description": "<p>Battles worldwide.</p>"},
    )
    cast = Cast(Dancer(token, organizer_id, "Demo Organizer"), dancers, org)
    events_in_cities(demo, cast)
    scene_started = time.monotonic()
    made = scene(demo, cast)
    scene_seconds = time.monotonic() - scene_started
    instructors = make_instructors(demo, args.identity_db, [d.id for d in dancers[:4]])
    day = battle_day(demo, cast)
    print(f"demo data: {len(dancers) + 1} dancers ({instructors} workshop instructors), 1 organization (id {org}),")
    print(f"{len(cast.events)} published events")
    print(
        f"{len(made['studios'])} studios, {made['members']} members and {made['media']} clips in the organization,"
        f" {made['tickets']} tickets, {made['checkins']} check-ins, {made['likes']} likes, {made['feedback']} feedbacks"
        f" ({scene_seconds:.1f} s)"
    )
    live = day["live"]
    print(f"a battle happening now: /battle/{live['battle']} (its final on /event/{live['event']}/scoreboard/")
    print(f"{live['carpet']}); judged in five criteria: /battle/{live['five']}/brackets; crews registering: ")
    print(f"/battle/{day['crews']['battle']}; the leaderboard: ")
    print(f"/organization/{org}?tab=leaderboard")
    print(f"sign in as {ORGANIZER} / {PASSWORD} (organizer {organizer_id}); {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
