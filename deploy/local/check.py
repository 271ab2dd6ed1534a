"""`make test`: every stage in turn, each timed, with the Python suites run side by side.

Stages: lint, the Python suites (TEST_JOBS at a time, default 4: the suites are independent — each has its own
database on the shared test PostgreSQL and its own NATS — and spend about half their time waiting on them, so four
at a time keep two cores about 85% busy: 255 s against 570 s two at a time),
schemathesis, the web unit tests and Playwright. Every stage runs even when one before it failed, so one run
shows every failure; the exit code is the first failure's. At the end a table of the stages' durations, and a
warning line when the whole passes the budget (TEST_BUDGET_SECONDS, default 900): a warning, not a failure,
since the machine is noisy, but the growth is seen the day it happens (docs/development.md, *The test budget*).

`python deploy/local/check.py py` runs only the Python suites (`make test-py`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUDGET = float(os.environ.get("TEST_BUDGET_SECONDS", "900"))
JOBS = max(1, int(os.environ.get("TEST_JOBS", "4")))
STAGES = ["lint", "test-py", "test-fuzz", "test-web", "test-e2e"]


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


def main(argv: list[str]) -> int:
    if argv[1:] == ["py"]:
        return python_suites()
    started = time.monotonic()
    first_failure = 0
    durations: list[tuple[str, float, int]] = []
    for stage in STAGES:
        log(f"--- {stage}")
        begun = time.monotonic()
        code = subprocess.run(["make", "--no-print-directory", stage], cwd=ROOT, check=False).returncode
        durations.append((stage, time.monotonic() - begun, code))
        first_failure = first_failure or code
    total = time.monotonic() - started
    log("stage durations:")
    for stage, seconds, code in durations:
        log(f"  {stage:<10} {seconds:6.0f} s  {'ok' if code == 0 else f'FAILED ({code})'}")
    log(f"  {'total':<10} {total:6.0f} s  (budget {BUDGET:.0f} s)")
    if total > BUDGET:
        log(f"WARNING: make test took {total:.0f} s, over its budget of {BUDGET:.0f} s: find what grew")
    return first_failure


if __name__ == "__main__":
    sys.exit(main(sys.argv))
