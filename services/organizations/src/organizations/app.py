from __future__ import annotations

from fastapi import FastAPI

from kit.app import create_service_app
from kit.images import image_refs
from kit.profiles import identity_client, profile_handlers
from organizations.config import Settings
from organizations.leaderboard.handlers import handlers as leaderboard_handlers
from organizations.leaderboard.router import router as leaderboard_router
from organizations.media.router import router as media_router
from organizations.members.router import router as members_router
from organizations.org_events.handlers import handlers as org_event_handlers
from organizations.orgs.router import internal_router as orgs_internal_router
from organizations.orgs.router import router as orgs_router
from organizations.roles.router import router as roles_router


def create_app(settings: Settings | None = None) -> FastAPI:
    return create_service_app(
        settings or Settings(),
        title="Cypher organizations",
        routers=[orgs_router, roles_router, members_router, leaderboard_router, media_router, orgs_internal_router],
        handlers=[*profile_handlers(), *leaderboard_handlers, *org_event_handlers],
        resources={"identity": identity_client, "image_refs": image_refs},
    )
