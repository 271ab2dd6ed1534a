"""Shared pieces of the benchmarks: processes on free ports, wrk runs, result tables."""

from __future__ import annotations

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

from kit.local import free_port, wait_for_port  # noqa: E402

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
        self.logs = Path(tempfile.mkdtemp(prefix="cypher-bench-"))

    def start(self, name: str, args: list[str], env: dict[str, str] | None = None, port: int | None = None) -> None:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115 - the child owns it
        child = subprocess.Popen(
            args, env=os.environ | (env or {}), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
        )
        self.children.append(child)
        if port:
            try:
                wait_for_port(port, timeout=60)
            except TimeoutError:
                raise SystemExit(f"{name} did not start; see {self.logs / (name + '.log')}") from None

    def uvicorn(self, name: str, target: str, port: int, env: dict[str, str]) -> None:
        self.start(
            name,
            [
                sys.executable,
                "-m",
                "uvicorn",
                target,
                "--factory",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-access-log",
                "--log-level",
                "warning",
                "--no-proxy-headers",
                # As deployed (kit.serving); the reference keeps uvicorn's own, as a bare app would.
                *(["--http", "kit.serving:HttpProtocol"] if name != "reference" else []),
            ],
            env | {"CYPHER_ENV": "development", "CYPHER_LOG_LEVEL": "WARNING"},
            port,
        )

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
