"""`make audit`: the web app's quality bars, printed with their figures.

- the initial JavaScript of the entry screens (Home, Login, Signup, Events), gzipped, from the build's manifest:
  the start-up script, the app it loads and the screen's own chunks (what is fetched before the screen
  shows); bar 200 kB;
- no console error on any covered screen (every screen of the app, guest and signed in, at 1280x800,
  820x1180 and 390x844; phone screenshots go to web/e2e/screenshots/);
- Lighthouse, mobile preset (simulated slow 4G, 4x CPU), on the built app served by the gateway of a fresh
  stack: accessibility >= 95 and performance >= 90 on Login, Signup, Home and Events (median of LIGHTHOUSE_RUNS runs).

Exit code 1 when a bar is missed."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stack import WEB, StackFailed, throwaway_stack  # noqa: E402

RUN_DIR = ".run/audit"


def log(message: str) -> None:
    print(f"\033[1m[audit]\033[0m {message}", flush=True)


JS_BUDGET = 200_000
ENTRY_SCREENS = {
    "Home": "src/app/routes/home.tsx",
    "Login": "src/app/routes/login.tsx",
    "Signup": "src/app/routes/signup.tsx",
    # the events grid: the map and calendar load lazily, outside this figure
    "Events": "src/app/routes/events.tsx",
}


def initial_js() -> dict[str, int]:
    dist = WEB / "dist"
    manifest = json.loads((dist / ".vite" / "manifest.json").read_text())

    def closure(key: str, seen: set[str]) -> set[str]:
        if key not in seen:
            seen.add(key)
            for name in manifest[key].get("imports", []):
                closure(name, seen)
        return seen

    def gz(key: str) -> int:
        return len(gzip.compress((dist / manifest[key]["file"]).read_bytes(), 9))

    entry = next(key for key, chunk in manifest.items() if chunk.get("isEntry"))
    start = closure(entry, set()) | closure("src/main.tsx", set())
    return {name: sum(gz(key) for key in start | closure(route, set())) for name, route in ENTRY_SCREENS.items()}


def run_browser_audit(base_url: str) -> dict:
    env = os.environ | {"AUDIT_BASE_URL": base_url}
    result = subprocess.run(
        ["node", "scripts/audit.mjs"], cwd=WEB, env=env, capture_output=True, text=True, check=False, timeout=1800
    )
    if result.returncode != 0:
        print(result.stderr[-4000:])
        raise SystemExit("the browser audit failed")
    return json.loads(result.stdout)


def main() -> int:
    if not (WEB / "dist" / ".vite" / "manifest.json").exists():
        log("building the web app")
        subprocess.run(["npm", "run", "build"], cwd=WEB, check=True)
    failures: list[str] = []

    print("\nInitial JavaScript of the entry screens (gzipped):")
    for name, size in initial_js().items():
        ok = size <= JS_BUDGET
        print(f"  {name:<8} {size / 1000:7.1f} kB  {'ok' if ok else 'OVER'} (bar {JS_BUDGET / 1000:.0f} kB)")
        if not ok:
            failures.append(f"{name} initial JS {size / 1000:.1f} kB > {JS_BUDGET / 1000:.0f} kB")

    try:
        with throwaway_stack(RUN_DIR, log) as stack:
            log("console errors on every screen, then Lighthouse (a few minutes)")
            report = run_browser_audit(stack.url)
    except StackFailed as failure:
        raise SystemExit(str(failure)) from failure

    console = report["console"]
    print(f"\nConsole errors: {len(console['errors'])} on {len(console['screens'])} screen visits")
    for error in console["errors"]:
        print(f"  {error['device']} {error['screen']}: {error['text'][:200]}")
    if console["errors"]:
        failures.append(f"{len(console['errors'])} console errors")

    print("\nLighthouse, mobile preset (median run; all runs' performance in brackets):")
    print(f"  {'screen':<8} {'perf':>4} {'a11y':>4} {'best':>4} {'seo':>4} {'FCP':>7} {'LCP':>7} {'TBT':>6} {'CLS':>6}")
    for row in report["lighthouse"]:
        print(
            f"  {row['name']:<8} {row['performance']:>4} {row['accessibility']:>4} {row['bestPractices']:>4} "
            f"{row['seo']:>4} {row['fcpMs']:>5}ms {row['lcpMs']:>5}ms {row['tbtMs']:>4}ms {row['cls']:>6}"
            f"  {row['runs']}"
        )
        if row["failedAccessibility"]:
            print(f"           accessibility audits not passed: {', '.join(row['failedAccessibility'])}")
        if row["performance"] < 90:
            failures.append(f"{row['name']} performance {row['performance']} < 90")
        if row["accessibility"] < 95:
            failures.append(f"{row['name']} accessibility {row['accessibility']} < 95")

    print()
    if failures:
        print("Bars missed:\n  " + "\n  ".join(failures))
        return 1
    print("All bars met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
