"""GeoNames' cities for the offline gazetteer (kit.places): a saved address is geocoded to the map's point.

Revision ID: 0003
Revises: 0002
"""

from kit.places import create_place_table as upgrade
from kit.places import drop_place_table as downgrade

revision = "0003"
down_revision = "0002"

__all__ = ["downgrade", "upgrade"]
