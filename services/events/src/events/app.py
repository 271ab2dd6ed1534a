from __future__ import annotations

from fastapi import FastAPI

from events.attendance.router import router as attendance_router
from events.battles.handlers import handlers as battle_handlers
from events.config import Settings
from events.events.router import router as events_router
from events.feedback.router import router as feedback_router
from events.feedback.worker import feedback_requester
from events.listing.router import router as listing_router
from events.orgs.handlers import handlers as org_handlers
from events.payments.resource import payments_resource
from events.share.router import router as share_router
from events.tickets.router import router as tickets_router
from kit.app import create_service_app
from kit.images import image_refs
from kit.places import geocoder_resource, places_router
from kit.profiles import identity_client, profile_handlers


def create_app(settings: Settings | None = None) -> FastAPI:
    return create_service_app(
        settings or Settings(),
        title="Cypher events",
        routers=[
            listing_router,
            events_router,
            attendance_router,
            feedback_router,
            share_router,
            tickets_router,
            places_router(),
        ],
        handlers=[*profile_handlers(), *org_handlers, *battle_handlers],
        workers=[feedback_requester],
        resources={
            "identity": identity_client,
            "image_refs": image_refs,
            "geocoder": geocoder_resource,
            "payments": payments_resource,
        },
    )
