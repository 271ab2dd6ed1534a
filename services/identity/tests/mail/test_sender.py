from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from factories import create_account
from sqlalchemy import select
from support import AppClient, Mailbox, free_port, link_token, start_sink

from identity.models import Mail
from kit.testing import eventually


async def mail_rows(client: object) -> list[Mail]:
    app = client.app  # type: ignore[attr-defined]
    async with app.state.sessionmaker() as s:
        return list((await s.scalars(select(Mail).order_by(Mail.id))).all())


async def mail_queue_pending(client: object) -> float:
    text = (await client.get("/metrics")).text  # type: ignore[attr-defined]
    (line,) = [line for line in text.splitlines() if line.startswith("mail_queue_pending ")]
    return float(line.split()[1])


class TestMailServerOutage:
    async def test_a_down_server_delays_mail_and_loses_none(self, app_with: AppClient, tmp_path: Path) -> None:
        port = free_port()  # nothing listens here yet: the mail server is down
        async with app_with(smtp_port=port) as client:
            async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
                await create_account(session, "known@example.com")
            for address in ("known@example.com", "new@example.com"):
                asked = await client.post("/api/user/magic-link", content=address.encode())
                assert asked.json() == {"data": True}  # the answer does not wait for the mail server

            async def retried() -> bool:
                rows = await mail_rows(client)
                return len(rows) == 2 and all(r.attempts >= 3 and r.sent_at is None for r in rows)

            await eventually(retried, timeout=20)

            async def two_waiting() -> bool:
                return await mail_queue_pending(client) == 2

            await eventually(two_waiting)
            rows = await mail_rows(client)
            assert all(r.failed_at is None and "Connect" in (r.last_error or "") for r in rows)

            controller = start_sink(tmp_path, port)  # the server comes back
            try:
                box = Mailbox(tmp_path)
                for address in ("known@example.com", "new@example.com"):
                    [mail] = await box.wait_for(address, timeout=15)
                    assert link_token(mail, "magic-link")

                async def marked_sent() -> bool:
                    return all(r.sent_at is not None for r in await mail_rows(client))

                await eventually(marked_sent)

                async def queue_empty() -> bool:
                    return await mail_queue_pending(client) == 0

                await eventually(queue_empty)
                rows = await mail_rows(client)
                assert all(r.text_body == "" and r.html_body == "" for r in rows)  # the links do not linger
            finally:
                controller.stop()

    async def test_mail_written_while_the_service_is_down_is_sent_when_it_starts(
        self, app_with: AppClient, mailbox: Mailbox
    ) -> None:
        async with app_with(run_workers=False) as client:  # no mail loop in this process
            await client.post("/api/user/magic-link", content=b"later@example.com")
            await asyncio.sleep(0.5)
            assert mailbox.to("later@example.com") == []
        async with app_with():
            await mailbox.wait_for("later@example.com")


class TestRefusal:
    async def test_a_refused_recipient_ends_that_mail_only(self, app_with: AppClient) -> None:
        from aiosmtpd.controller import Controller

        class Refusing:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # type: ignore[no-untyped-def]  # noqa: N802
                if address.startswith("bounce"):
                    return "550 No such user"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]  # noqa: N802
                return "250 Message accepted"

        port = free_port()
        controller = Controller(Refusing(), hostname="127.0.0.1", port=port)
        controller.start()
        try:
            async with app_with(smtp_port=port) as client:
                await client.post("/api/user/magic-link", content=b"bounce@example.com")
                await client.post("/api/user/magic-link", content=b"fine@example.com")

                async def settled() -> bool:
                    rows = {r.to_address: r for r in await mail_rows(client)}
                    return (
                        len(rows) == 2
                        and rows["bounce@example.com"].failed_at is not None
                        and rows["fine@example.com"].sent_at is not None
                    )

                await eventually(settled)
        finally:
            controller.stop()


@pytest.fixture(autouse=True)
def _quiet_mail_logs(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("ERROR", logger="identity.mail")
