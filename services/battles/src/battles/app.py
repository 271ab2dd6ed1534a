from __future__ import annotations

from fastapi import FastAPI

from battles.battles.router import router as battles_router
from battles.brackets.router import router as brackets_router
from battles.config import Settings
from battles.crews.router import router as crews_router
from battles.prelims.router import router as prelims_router
from battles.projections.handlers import handlers as projection_handlers
from battles.registration.router import router as registration_router
from battles.results.router import router as results_router
from battles.roundrobin.router import router as roundrobin_router
from battles.scoreboards.router import router as scoreboards_router
from battles.scorecards.router import router as scorecards_router
from battles.smoke.router import router as smoke_router
from battles.sparrings.router import router as sparrings_router
from kit.app import create_service_app
from kit.profiles import identity_client, profile_handlers


def create_app(settings: Settings | None = None) -> FastAPI:
    return create_service_app(
        settings or Settings(),
        title="Cypher battles",
        routers=[
            battles_router,
            registration_router,
            crews_router,
            results_router,
            prelims_router,
            brackets_router,
            smoke_router,
            roundrobin_router,
            sparrings_router,
            scoreboards_router,
            scorecards_router,
        ],
        handlers=[*profile_handlers(), *projection_handlers],
        resources={"identity": identity_client},
    )
