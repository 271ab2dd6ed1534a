"""`make test` (test-e2e): the Playwright suite of web/ against a real, fresh stack.

Starts `deploy/local/dev.py --fresh` on free ports in its own process group, waits for its ready file, runs
`npx playwright test` in web/ with E2E_BASE_URL pointing at the gateway (which serves web/dist), stops the stack
and exits with Playwright's exit code. Extra arguments go to Playwright (e.g. `-g "cookie"`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from stack import WEB, Stack, run_on_stack

# E2E_RUN_DIR: another run directory, so that two suites can run side by side on one checkout
RUN_DIR = os.environ.get("E2E_RUN_DIR", ".run/e2e")


def log(message: str) -> None:
    print(f"\033[1m[e2e]\033[0m {message}", flush=True)


def main() -> int:
    if not (WEB / "dist" / "index.html").exists():
        log("web/dist is missing: building the web app")
        subprocess.run(["npm", "run", "build"], cwd=WEB, check=True)
    return run_on_stack(RUN_DIR, log, playwright)


def playwright(stack: Stack) -> int:
    log("running Playwright")
    # E2E_NATS_URL: specs publish other services' events there (deploy/local/seed_points.py), run by
    # E2E_PYTHON, this Python: uv need not be on the shell's PATH
    env = os.environ | {"E2E_BASE_URL": stack.url, "E2E_NATS_URL": stack.nats_url, "E2E_PYTHON": sys.executable}
    result = subprocess.run(["npx", "playwright", "test", *sys.argv[1:]], cwd=WEB, env=env, check=False)
    log(f"Playwright exited with code {result.returncode} after {time.monotonic() - stack.started:.0f} s in all")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
