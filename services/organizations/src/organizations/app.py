from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from kit.app import create_service_app
from organizations.config import Settings
from organizations.leaderboard.handlers import handlers as leaderboard_handlers
from organizations.leaderboard.router import router as leaderboard_router
from organizations.media.router import router as media_router
from organizations.members.router import router as members_router
from organizations.orgs.router import internal_router as orgs_internal_router
from organizations.orgs.router import router as orgs_router
from organizations.profiles.client import IdentityClient
from organizations.profiles.handlers import handlers as profile_handlers
from organizations.roles.router import router as roles_router

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    async def on_startup(app: FastAPI) -> None:
        app.state.identity = IdentityClient(settings.identity_url, timeout=settings.identity_timeout_seconds)

    async def on_shutdown(app: FastAPI) -> None:
        await app.state.identity.close()

    return create_service_app(
        settings,
        title="Cypher organizations",
        routers=[orgs_router, roles_router, members_router, leaderboard_router, media_router, orgs_internal_router],
        migrations_dir=MIGRATIONS_DIR,
        handlers=[*profile_handlers, *leaderboard_handlers],
        on_startup=on_startup,
        on_shutdown=on_shutdown,
    )
