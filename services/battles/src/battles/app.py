from __future__ import annotations

from fastapi import FastAPI

from kit.app import create_service_app
from battles.config import Settings


def create_app(settings: Settings | None = None) -> FastAPI:
    return create_service_app(settings or Settings(), title="Cypher battles", routers=[])
