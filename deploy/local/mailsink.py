"""Development SMTP sink: every mail received is kept as JSON under the mail directory, where the gateway's
/dev/mail page lists it. Never part of a production deployment."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller


class SinkHandler:
    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's hook name
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        text = message.get_body(preferencelist=("plain",))
        html = message.get_body(preferencelist=("html",))
        record = {
            "to": ", ".join(envelope.rcpt_tos),
            "subject": str(message.get("subject", "")),
            "text": text.get_content() if text is not None else "",
            "html": html.get_content() if html is not None else "",
            "sentAt": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        name = f"{time.time_ns()}-{uuid.uuid4().hex[:6]}.json"
        # Written aside, then renamed: a reader never sees half a mail.
        partial = self.directory / f".{name}.partial"
        partial.write_text(json.dumps(record))
        partial.replace(self.directory / name)
        return "250 Message accepted for delivery"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=55025)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    controller = Controller(SinkHandler(args.dir), hostname="127.0.0.1", port=args.port)
    controller.start()
    try:
        asyncio.run(asyncio.Event().wait())
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
