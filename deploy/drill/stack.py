"""The platform the drills break: PostgreSQL and NATS started here (so a drill can stop and start them), and
`deploy/local/dev.py --restart` on free ports for the services and the gateway (it restarts a process that dies,
as Kubernetes restarts a pod). Everything is stopped on the way out, and `leftovers` says if anything is not."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from deploy.local.stack import free_base, stop  # noqa: E402
from kit.local import EmbeddedNats, EmbeddedPostgres, free_port, processes_under, uvicorn_command  # noqa: E402
from kit.platform import SERVICES  # noqa: E402

RUN = ROOT / ".run" / "drill"
READY_TIMEOUT = 180


@dataclass
class DrillStack:
    pg: EmbeddedPostgres
    nats: EmbeddedNats
    dev: subprocess.Popen[bytes]
    port: int
    port_base: int

    @property
    def gateway(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def service_url(self, name: str) -> str:
        row = next(s for s in SERVICES if s.name == name)
        return f"http://127.0.0.1:{self.port_base + row.port - 8100}"

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.pg.port}/cypher_{name}"

    def pid(self, child: str) -> int:
        return int((RUN / "dev" / "pids" / child).read_text())

    def gateway_env(self) -> dict[str, str]:
        """What dev.py gives its gateway, for a second gateway process (a second replica)."""
        env = {"NATS_URL": self.nats.url, "CYPHER_ENV": "development", "CYPHER_LOG_JSON": "false"}
        for row in SERVICES:
            env[f"GATEWAY_{row.name.upper()}_URL"] = self.service_url(row.name)
        return env

    def second_gateway(self) -> tuple[subprocess.Popen[bytes], int]:
        port = free_port()
        log = open(RUN / "gateway-b.log", "ab")  # noqa: SIM115 - handed to the child process
        process = subprocess.Popen(
            uvicorn_command("gateway.app:create_app", port, "--http", "kit.serving:HttpProtocol"),
            env=os.environ | self.gateway_env(),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        return process, port


@contextlib.contextmanager
def drill_stack(log: object = print) -> Iterator[DrillStack]:
    if RUN.exists():
        shutil.rmtree(RUN)
    RUN.mkdir(parents=True)
    pg = EmbeddedPostgres(RUN / "pg", port=free_port(), durable=True)
    nats = EmbeddedNats(RUN / "nats")
    dev: subprocess.Popen[bytes] | None = None
    try:
        pg.start()
        nats.start(detach=True)
        taken: set[int] = set()
        port, base, smtp = free_port(), free_base(taken), free_port()
        ready = RUN / "ready"
        env = os.environ | {"DATABASE_URL": f"postgresql://postgres@127.0.0.1:{pg.port}/postgres", "NATS_URL": nats.url}
        command = [sys.executable, str(ROOT / "deploy/local/dev.py"), "--run-dir", str(RUN / "dev"), "--fresh"]
        command += ["--host", "127.0.0.1", "--port", str(port), "--port-base", str(base), "--smtp-port", str(smtp)]
        command += ["--ready-file", str(ready), "--restart"]
        with open(RUN / "dev.log", "ab") as out:
            dev = subprocess.Popen(
                command, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + READY_TIMEOUT
        while not ready.exists():
            if dev.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the drill's platform did not start: see {RUN / 'dev.log'}")
            time.sleep(0.5)
        yield DrillStack(pg, nats, dev, port, base)
    finally:
        if dev is not None:
            stop(dev)
        nats.stop()
        pg.stop()


def leftovers() -> list[str]:
    """Processes still running on the drill's data (PostgreSQL, NATS) or run directory: none may outlive it."""
    return processes_under(RUN)


def kill(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
