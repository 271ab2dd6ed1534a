from __future__ import annotations

from fastapi import FastAPI

from kit.app import create_service_app
from kit.images import image_refs
from kit.places import geocoder_resource
from kit.profiles import identity_client, profile_handlers
from studios.competitions.handlers import handlers as competition_handlers
from studios.config import Settings
from studios.members.router import router as members_router
from studios.studios.router import router as studios_router


def create_app(settings: Settings | None = None) -> FastAPI:
    # The address search of the wizard is the events service's GET /api/places (the same kit.places geocoder):
    # this service geocodes a saved address itself and serves no places route of its own.
    return create_service_app(
        settings or Settings(),
        title="Cypher studios",
        routers=[studios_router, members_router],
        handlers=[*profile_handlers(), *competition_handlers],
        resources={"identity": identity_client, "image_refs": image_refs, "geocoder": geocoder_resource},
    )
