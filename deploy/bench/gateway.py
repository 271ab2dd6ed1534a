"""Gateway overhead: the same identity service reached directly, through our gateway and through nginx, for
a public GET (another user's profile) and an authenticated GET /api/user, in one run on this machine.
Targets (2 cores): gateway/nginx >= 0.5 on the public GET and >= 0.8 on the authenticated GET."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from common import (
    Load,
    Processes,
    bench_server,
    fresh_database,
    median_load,
    nginx_proxy,
    processes,
    start_services,
    versus_report,
    wrk,
)

from kit.principal import Principal, encode_principal
from kit.settings import DEV_INTERNAL_SECRET

TARGETS = {"public GET": 0.5, "authenticated GET": 0.8}
ROUNDS = 3


def start_stack(group: Processes) -> dict[str, Any]:
    server, nats = bench_server(group, "gateway")
    database = asyncio.run(fresh_database(server, "bench_identity", "identity"))
    urls = start_services(group, nats, {"identity": database})
    return {name: int(url.rsplit(":", 1)[1]) for name, url in urls.items()}


def run() -> dict[str, Any]:
    results: dict[str, dict[str, Load]] = {}
    with processes() as group:
        ports = start_stack(group)
        gw = f"http://127.0.0.1:{ports['gateway']}"
        with httpx.Client(base_url=gw) as client:
            for email in ("bench@example.com", "other@example.com"):
                client.post("/api/auth/signup", json={"email": email, "password": "benchmark-pass"})
            login = client.post("/api/auth/login", json={"email": "bench@example.com", "password": "benchmark-pass"})
            assert login.status_code == 200, login.text
            token, me = login.json()["accessToken"], login.json()["user"]["id"]
            other = client.post("/api/auth/login", json={"email": "other@example.com", "password": "benchmark-pass"})
            other_id = other.json()["user"]["id"]
        principal = encode_principal(
            Principal(account_id=1, profile_id=me, profile_ids=(me,)), DEV_INTERNAL_SECRET, ttl_seconds=3600
        )
        plain = nginx_proxy(group, ports["identity"])
        authed = nginx_proxy(group, ports["identity"], {"X-Cypher-Principal": principal})
        direct = f"http://127.0.0.1:{ports['identity']}"
        public_path = f"/api/user/{other_id}"
        targets: dict[str, dict[str, tuple[str, dict[str, str]]]] = {
            "public GET": {
                "direct": (direct + public_path, {}),
                "gateway": (gw + public_path, {}),
                "nginx": (f"http://127.0.0.1:{plain}{public_path}", {}),
            },
            "authenticated GET": {
                "direct": (direct + "/api/user", {"X-Cypher-Principal": principal}),
                "gateway": (gw + "/api/user", {"X-Auth-Token": token}),
                "nginx": (f"http://127.0.0.1:{authed}/api/user", {}),
            },
        }
        for scenario, paths in targets.items():
            # Interleaved rounds, median per path: a passing hiccup of the machine hits one round, not one path.
            rounds = [
                {name: wrk(url, headers, seconds=6) for name, (url, headers) in paths.items()} for _ in range(ROUNDS)
            ]
            results[scenario] = {name: median_load([r[name] for r in rounds]) for name in paths}
    return report(results)


def report(results: dict[str, dict[str, Load]]) -> dict[str, Any]:
    return versus_report(results, label="scenario", reference="nginx", targets=TARGETS, digits=2)


if __name__ == "__main__":
    run()
