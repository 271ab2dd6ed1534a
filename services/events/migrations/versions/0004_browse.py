"""The browse lists' indexes: every list of the events page, the calendar and the map is one indexed
statement. Written by hand: autogenerate cannot express expression, partial or INCLUDE indexes. The partial ones
hold published, undeleted events only, which is all the browse lists read (drafts are read by organization or
user, ix_event_org_id_status and ix_event_staff_user_id).

Revision ID: 0004
Revises: 0003
"""

from alembic import op

revision = "0004"
down_revision = "0003"

LISTED = "status = 'published' AND deleted_at IS NULL"

INDEXES = {
    # future and past by date (s=date-asc/desc): a range of starts_at in the sort's order, id breaking ties.
    "ix_event_published_start": f"btree (starts_at, id) WHERE {LISTED}",
    # s=title-asc/desc.
    "ix_event_published_title": f"btree (lower((title)::text), id) WHERE {LISTED}",
    # now: the events whose running range holds now(). greatest(): an end before the start stays a valid range.
    "ix_event_published_running": (
        f"gist (tstzrange(starts_at, GREATEST(starts_at, COALESCE(ends_at, starts_at)), '[]'::text)) WHERE {LISTED}"
    ),
    # the calendar: venue-local wall times overlapping the asked days (no time zone: the venue's dates).
    "ix_event_published_local": (
        "gist (tsrange(local_start, GREATEST(local_start, COALESCE(local_end, local_start)), '[]'::text))"
        f" WHERE {LISTED}"
    ),
    # k: every word a prefix of a title's word ('simple': lower-cased, not stemmed, any language).
    "ix_event_title_words": "gin (to_tsvector('simple'::regconfig, (title)::text))",
    # the map: a box of points; the instants included so that the period counts read the index only.
    "ix_event_published_location": (
        f"gist (point(lng, lat)) INCLUDE (starts_at, ends_at) WHERE {LISTED} AND lat IS NOT NULL AND lng IS NOT NULL"
    ),
}


def upgrade() -> None:
    for name, definition in INDEXES.items():
        op.execute(f"CREATE INDEX {name} ON event USING {definition}")


def downgrade() -> None:
    for name in reversed(INDEXES):
        op.execute(f"DROP INDEX {name}")
