"""A throwaway platform for the browser suites (e2e, audit): `deploy/local/dev.py --fresh` on free ports in
its own process group, waited for through its ready file, stopped (SIGTERM to the group) on the way out."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
READY_TIMEOUT = 180


def port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port(taken: set[int]) -> int:
    while True:
        port = random.randint(20000, 60000)
        if port not in taken and port_free(port):
            taken.add(port)
            return port


def free_base(taken: set[int]) -> int:
    """A base whose base+1 … base+6 (the services) are all free."""
    while True:
        base = random.randint(20000, 59990)
        ports = set(range(base + 1, base + 7))
        if not ports & taken and all(port_free(p) for p in ports):
            taken.update(ports)
            return base


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


class StackFailed(RuntimeError):
    pass


@dataclass(frozen=True)
class Stack:
    url: str
    port: int
    nats_url: str
    started: float


@contextlib.contextmanager
def throwaway_stack(run_dir: str, log: object = print) -> Iterator[Stack]:
    """Everything fresh under `run_dir` (relative to the repository); its log goes beside it."""
    taken: set[int] = set()
    port, base = free_port(taken), free_base(taken)
    pg, nats, smtp = free_port(taken), free_port(taken), free_port(taken)
    directory = ROOT / run_dir
    directory.parent.mkdir(parents=True, exist_ok=True)
    ready = directory.parent / f"{directory.name}.ready"
    ready.unlink(missing_ok=True)
    log_path = directory.parent / f"{directory.name}-stack.log"
    command = [
        sys.executable,
        str(ROOT / "deploy/local/dev.py"),
        "--fresh",
        "--run-dir",
        run_dir,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--port-base",
        str(base),
        "--pg-port",
        str(pg),
        "--nats-port",
        str(nats),
        "--smtp-port",
        str(smtp),
        "--ready-file",
        str(ready),
    ]
    say = log if callable(log) else print
    say(f"starting a stack on http://localhost:{port} (services {base + 1}-{base + 6}); log in {log_path}")
    started = time.monotonic()
    with log_path.open("wb") as stack_log:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=stack_log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            while not ready.exists():
                if process.poll() is not None or time.monotonic() - started > READY_TIMEOUT:
                    print("\n".join(log_path.read_text(errors="replace").splitlines()[-40:]))
                    raise StackFailed(
                        "the stack did not start"
                        if process.returncode is None
                        else f"the stack exited with code {process.returncode}"
                    )
                time.sleep(0.5)
            say(f"stack ready in {time.monotonic() - started:.0f} s")
            nats_url = os.environ.get("NATS_URL") or f"nats://127.0.0.1:{nats}"
            yield Stack(url=f"http://localhost:{port}", port=port, nats_url=nats_url, started=started)
        finally:
            stop(process)
            ready.unlink(missing_ok=True)


def run_on_stack(run_dir: str, log: Callable[[str], None], body: Callable[[Stack], int]) -> int:
    """`body(stack)` on a throwaway stack: its exit code, or 1 when the stack did not start."""
    try:
        with throwaway_stack(run_dir, log) as stack:
            return body(stack)
    except StackFailed as failure:
        log(str(failure))
        return 1
