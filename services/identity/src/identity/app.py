from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import httpx
from fastapi import FastAPI

from identity.attendance.handlers import handlers as attendance_handlers
from identity.auth.passwords import limit_hashing
from identity.auth.router import router as auth_router
from identity.auth.tokens import TokenSigner
from identity.battles.handlers import handlers as battle_handlers
from identity.config import Settings
from identity.links.router import router as links_router
from identity.mail.sender import mail_sender
from identity.notifications.handlers import cancellation_handlers
from identity.notifications.handlers import handlers as notification_handlers
from identity.notifications.router import router as notifications_router
from identity.oidc.client import OidcProvider
from identity.oidc.router import router as oidc_router
from identity.organizations.handlers import handlers as organization_handlers
from identity.organizers.handlers import guide_handlers
from identity.profiles.router import admin_router
from identity.profiles.router import router as profiles_router
from identity.staffing.handlers import handlers as staffing_handlers
from identity.tickets.handlers import ticket_handlers
from identity.users.router import internal_router
from identity.users.router import router as users_router
from identity.workshops.router import admin_router as workshops_admin_router
from identity.workshops.router import router as workshops_router
from kit import outgoing
from kit.app import create_service_app
from kit.images import image_refs


def http_client(app: FastAPI) -> httpx.AsyncClient:
    return outgoing.client(timeout=app.state.settings.oidc_timeout_seconds)


@contextlib.asynccontextmanager
async def oidc_provider(app: FastAPI) -> AsyncIterator[OidcProvider | None]:
    """The sign-in provider when one is configured, on the app's http client."""
    settings: Settings = app.state.settings
    if not settings.oidc_client_id:
        yield None
        return
    yield OidcProvider(
        app.state.http,
        discovery_url=settings.oidc_discovery_url,
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
        redirect_uri=settings.oidc_callback_url,
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    limit_hashing(settings.password_hashing_concurrency)
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
            workshops_router,
            workshops_admin_router,
            notifications_router,
            internal_router,
        ],
        handlers=[
            *notification_handlers,
            *organization_handlers,
            *staffing_handlers,
            *attendance_handlers,
            *battle_handlers,
            *guide_handlers(settings),
            *ticket_handlers(settings),
            *cancellation_handlers(settings),
        ],
        resources={"http": http_client, "oidc": oidc_provider, "image_refs": image_refs},
        workers=[mail_sender],
    )
    # Built at creation, not in the lifespan: a missing production key must stop the process at once.
    app.state.signer = TokenSigner.from_settings(settings)
    return app
