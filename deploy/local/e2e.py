"""`make test` (test-e2e): the Playwright suite of web/ against a real, fresh stack.

Starts `deploy/local/dev.py --fresh` on free ports in its own process group, waits for its ready file, runs
`npx playwright test` in web/ with E2E_BASE_URL pointing at the gateway (which serves web/dist), stops the stack
and exits with Playwright's exit code. The stack exports its traces to a stand-in collector (traces.py): when the
run scored a sparring, one judge's score must be one trace from the gateway to the live feed. The gateway's map
tiles come from a stand-in tile server (tiles.py; E2E_TILE_ORIGIN tells the specs where). Extra arguments go to
Playwright (e.g. `-g "cookie"`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from stack import WEB, Stack, run_on_stack
from tiles import ATTRIBUTION, TileServer
from traces import Collector, judge_score_trace

# E2E_RUN_DIR: another run directory, so that two suites can run side by side on one checkout
RUN_DIR = os.environ.get("E2E_RUN_DIR", ".run/e2e")


def log(message: str) -> None:
    print(f"\033[1m[e2e]\033[0m {message}", flush=True)


def main() -> int:
    if not (WEB / "dist" / "index.html").exists():
        log("web/dist is missing: building the web app")
        subprocess.run(["npm", "run", "build"], cwd=WEB, check=True)
    collector = Collector()
    # the stack's processes export their spans to the stand-in collector (kit.tracing; off without this)
    os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"] = collector.url
    os.environ["OTEL_BSP_SCHEDULE_DELAY"] = "1000"
    tiles = TileServer()
    # the gateway (dev.py passes the environment on) writes them into the page and its img-src (gateway/site.py)
    os.environ["GATEWAY_MAP_TILE_URL"] = tiles.url
    os.environ["GATEWAY_MAP_TILE_ATTRIBUTION"] = ATTRIBUTION
    with collector, tiles:
        return run_on_stack(RUN_DIR, log, lambda stack: playwright(stack, collector, tiles))


def playwright(stack: Stack, collector: Collector, tiles: TileServer) -> int:
    log("running Playwright")
    # E2E_NATS_URL: specs publish other services' events there (deploy/local/seed_points.py), run by
    # E2E_PYTHON, this Python: uv need not be on the shell's PATH
    env = os.environ | {
        "E2E_BASE_URL": stack.url,
        "E2E_NATS_URL": stack.nats_url,
        "E2E_PYTHON": sys.executable,
        "E2E_TILE_ORIGIN": tiles.origin,
    }
    result = subprocess.run(["npx", "playwright", "test", *sys.argv[1:]], cwd=WEB, env=env, check=False)
    log(f"Playwright exited with code {result.returncode} after {time.monotonic() - stack.started:.0f} s in all")
    log(f"the stand-in tile server sent {tiles.served} tiles")
    time.sleep(2)  # the last batch of spans (exported every second)
    traced, summary = judge_score_trace(collector.spans)
    log(f"tracing: {summary}" if traced is not False else f"FAILED tracing: {summary}")
    return result.returncode or (1 if traced is False else 0)


if __name__ == "__main__":
    sys.exit(main())
