"""`make bench`: every benchmark in one run; results also saved as JSON in deploy/bench/results/. Name some to run
only those: `uv run python deploy/bench/run.py read`."""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))


def main() -> int:
    results = {}
    names = sys.argv[1:] or [
        "gateway",
        "read",
        "images",
        "events",
        "attendance",
        "studios",
        "battles",
        "live",
        "audience",
    ]
    from kit.local import EmbeddedPostgres, processes_under

    bench_pg = EmbeddedPostgres(ROOT / ".run" / "bench" / "pg", durable=False)
    already = bench_pg.running_port() is not None
    try:
        for name in names:
            if not (HERE / f"{name}.py").exists():
                continue
            print(f"\n=== {name}\n", flush=True)
            module = importlib.import_module(name)
            results[name] = (getattr(module, "run", None) or module.main)()
    finally:
        # the benches share one PostgreSQL server (.run/bench/pg): stopped once they are done, unless it ran before
        if not already:
            bench_pg.stop()
    left = processes_under(ROOT / ".run" / "bench")
    print("\nleft running: " + ("nothing" if not left else "; ".join(left)), flush=True)
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    path = out / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(results, indent=2, default=str))
    print(f"\nsaved {path.relative_to(HERE.parents[1])}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
