from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import httpx
from fastapi import FastAPI

from identity.auth.router import router as auth_router
from identity.auth.tokens import TokenSigner
from identity.config import Settings
from identity.links.router import router as links_router
from identity.mail.sender import MailSender
from identity.notifications.handlers import handlers as notification_handlers
from identity.notifications.router import router as notifications_router
from identity.oidc.client import OidcProvider
from identity.oidc.router import router as oidc_router
from identity.organizations.handlers import handlers as organization_handlers
from identity.profiles.router import admin_router
from identity.profiles.router import router as profiles_router
from identity.users.router import internal_router
from identity.users.router import router as users_router
from kit.app import create_service_app

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def on_startup(app: FastAPI) -> None:
        app.state.http = httpx.AsyncClient(timeout=settings.oidc_timeout_seconds)
        app.state.oidc = None
        if settings.oidc_client_id:
            app.state.oidc = OidcProvider(
                app.state.http,
                discovery_url=settings.oidc_discovery_url,
                client_id=settings.oidc_client_id,
                client_secret=settings.oidc_client_secret,
                redirect_uri=settings.oidc_callback_url,
            )
        app.state.mail_task = None
        if settings.run_workers:
            sender = MailSender(settings, app.state.sessionmaker)
            app.state.mail_sender = sender
            app.state.mail_task = asyncio.create_task(sender.run(), name="identity-mail-sender")

    async def on_shutdown(app: FastAPI) -> None:
        task: asyncio.Task[None] | None = app.state.mail_task
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await app.state.http.aclose()

    app = create_service_app(
        settings,
        title="Cypher identity",
        routers=[
            auth_router,
            links_router,
            oidc_router,
            profiles_router,
            admin_router,
            users_router,
            notifications_router,
            internal_router,
        ],
        handlers=[*notification_handlers, *organization_handlers],
        migrations_dir=MIGRATIONS_DIR,
        on_startup=on_startup,
        on_shutdown=on_shutdown,
    )
    # Built at creation, not in the lifespan: a missing production key must stop the process at once.
    app.state.signer = TokenSigner.from_settings(settings)
    return app
