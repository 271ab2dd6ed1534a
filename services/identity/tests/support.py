"""Helpers the tests share: the SMTP sink and its mailbox, free ports."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import socket
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import httpx
from aiosmtpd.controller import Controller

REPO_ROOT = Path(__file__).resolve().parents[3]
PUBLIC_URL = "http://cypher.test"

# The `app_with` fixture: another app of the service with some settings changed, and a client on it.
AppClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _sink_handler_class() -> Any:
    """deploy/local/mailsink.py's SinkHandler: the same sink `make dev` runs (aiosmtpd, mails as JSON)."""
    spec = importlib.util.spec_from_file_location("cypher_mailsink", REPO_ROOT / "deploy" / "local" / "mailsink.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SinkHandler


class Mailbox:
    """The mails the sink received, read from its JSON files."""

    def __init__(self, directory: Path):
        self.directory = directory

    def clear(self) -> None:
        for path in self.directory.glob("*.json"):
            path.unlink()

    def all(self) -> list[dict[str, Any]]:
        return [json.loads(p.read_text()) for p in sorted(self.directory.glob("*.json"))]

    def to(self, address: str) -> list[dict[str, Any]]:
        return [m for m in self.all() if m["to"] == address]

    async def wait_for(self, address: str, count: int = 1, timeout: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while True:
            mails = self.to(address)
            if len(mails) >= count:
                return mails
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(mails)} of {count} mail(s) to {address} arrived within {timeout}s")
            await asyncio.sleep(0.05)


def start_sink(directory: Path, port: int) -> Controller:
    controller = Controller(_sink_handler_class()(directory), hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def link_token(mail: dict[str, Any], page: str) -> str:
    """The token of the link to `page` in a mail's text part."""
    match = re.search(rf"{re.escape(PUBLIC_URL)}/{page}\?token=([\w-]+)", mail["text"])
    assert match, mail["text"]
    return match.group(1)
