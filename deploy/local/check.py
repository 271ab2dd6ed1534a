"""`make test`: every stage, each timed, the independent ones side by side.

Two lanes first, side by side: lint, the web bundle and Vitest in one; the Python suites (TEST_JOBS at a time,
default 4) and schemathesis in the other. Each lane fills what the other leaves idle (lint and schemathesis keep a
core about half busy; the Python suites wait on PostgreSQL and NATS about half their time, so four at a time
keep two cores about 85% busy: 255 s against 570 s two at a time). Playwright runs last and alone: its browsers
and stack keep both cores busy, and its live walks are the checks most sensitive to a loaded machine.

Every stage runs even when one before it failed, so one run shows every failure; the exit code is the first
failure's. A stage beside another keeps its output and prints it whole when it ends. At the end a table of the
stages' durations, and a warning line when the whole passes the budget (TEST_BUDGET_SECONDS, default 900): a
warning, not a failure, since the machine is noisy, but the growth is seen the day it happens
(docs/development.md, *The test budget*).

`python deploy/local/check.py py` runs only the Python suites (`make test-py`)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUDGET = float(os.environ.get("TEST_BUDGET_SECONDS", "900"))
JOBS = max(1, int(os.environ.get("TEST_JOBS", "4")))
# the lanes run side by side, each its stages in turn; then the last stage alone
# (web-bundle: the build without its typecheck, which lint has just done: tsc twice was 25 s of the first lane)
LANES = [["lint", "web-bundle", "test-web"], ["test-py", "test-fuzz"]]
LAST = "e2e-run"  # Playwright on the web/dist the first lane built (`make test-e2e` builds it first)
PRINTING = threading.Lock()


def log(message: str) -> None:
    print(f"\033[1m[test]\033[0m {message}", flush=True)


def suites() -> list[Path]:
    found = sorted(p for p in (ROOT / "services").glob("*/tests") if p.is_dir())
    found.append(ROOT / "gateway" / "tests")
    if (ROOT / "deploy" / "tests").is_dir():
        found.append(ROOT / "deploy" / "tests")
    return found


def run_suite(suite: Path) -> tuple[Path, int, float, str]:
    """One suite in its own pytest process with its folder as rootdir (docs/development.md): its output is
    kept and printed whole when it ends, so that suites running side by side do not interleave."""
    started = time.monotonic()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(suite),
            f"--rootdir={suite}",
            "-c",
            "pyproject.toml",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    return suite, result.returncode, time.monotonic() - started, result.stdout


def python_suites() -> int:
    """The suites side by side on one PostgreSQL server (kit.testing's, .run/test/pg), started here for all of
    them and stopped at the end unless it ran before."""
    from kit.local import EmbeddedPostgres

    shared = EmbeddedPostgres(ROOT / ".run" / "test" / "pg", durable=False)
    already = "TEST_DATABASE_URL" in os.environ or shared.running_port() is not None
    if not already:
        shared.start()
    try:
        return run_suites()
    finally:
        if not already:
            shared.stop()


def run_suites() -> int:
    # the longest suites first, so that the last one to start is a short one
    order = sorted(suites(), key=lambda s: -sum(1 for _ in s.rglob("test_*.py")))
    failed = 0
    timings: list[tuple[str, float]] = []
    with ThreadPoolExecutor(JOBS) as pool:
        for suite, code, seconds, output in pool.map(run_suite, order):
            name = str(suite.relative_to(ROOT))
            print(f"=== {name} ({seconds:.0f} s)", flush=True)
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
            timings.append((name, seconds))
            failed = failed or code
    log("Python suites: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in timings))
    return failed


def run_stage(stage: str, *, keep_output: bool) -> tuple[str, float, int]:
    begun = time.monotonic()
    if not keep_output:
        log(f"--- {stage}")
        code = subprocess.run(["make", "--no-print-directory", stage], cwd=ROOT, check=False).returncode
        return stage, time.monotonic() - begun, code
    result = subprocess.run(
        ["make", "--no-print-directory", stage],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    seconds = time.monotonic() - begun
    with PRINTING:
        log(f"--- {stage} ({seconds:.0f} s, {'ok' if result.returncode == 0 else f'FAILED ({result.returncode})'})")
        print(result.stdout, end="" if result.stdout.endswith("\n") else "\n", flush=True)
    return stage, seconds, result.returncode


def run_lane(stages: list[str]) -> list[tuple[str, float, int]]:
    return [run_stage(stage, keep_output=True) for stage in stages]


def main(argv: list[str]) -> int:
    if argv[1:] == ["py"]:
        return python_suites()
    started = time.monotonic()
    log("side by side: " + " | ".join(" → ".join(lane) for lane in LANES) + f"; then {LAST}")
    with ThreadPoolExecutor(len(LANES)) as pool:
        durations = [timing for lane in pool.map(run_lane, LANES) for timing in lane]
    lanes_done = time.monotonic() - started
    durations.append(run_stage(LAST, keep_output=False))
    total = time.monotonic() - started
    first_failure = next((code for _, _, code in durations if code), 0)
    log("stage durations:")
    for stage, seconds, code in durations:
        log(f"  {stage:<10} {seconds:6.0f} s  {'ok' if code == 0 else f'FAILED ({code})'}")
    log(f"  {'lanes':<10} {lanes_done:6.0f} s  (the stages above {LAST}, side by side)")
    log(f"  {'total':<10} {total:6.0f} s  (budget {BUDGET:.0f} s)")
    if total > BUDGET:
        log(f"WARNING: make test took {total:.0f} s, over its budget of {BUDGET:.0f} s: find what grew")
    from kit.local import processes_under

    # PostgreSQL, NATS and the throwaway stacks of the stages: none may outlive make test
    left = processes_under(*(ROOT / ".run" / name for name in ("test", "e2e", "fuzz")))
    log("left running: " + ("nothing" if not left else "; ".join(left)))
    return first_failure or (1 if left else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
