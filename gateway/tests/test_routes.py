import pytest

from gateway.routes import resolve


@pytest.mark.parametrize(
    ("path", "service"),
    [
        ("/api/auth/login", "identity"),
        ("/api/user", "identity"),
        ("/api/user/12/set-main", "identity"),
        ("/api/users/count", "identity"),
        ("/api/notifications", "identity"),
        ("/api/admin/users/3/patron", "identity"),
        # Home's workshop instructors are profiles a platform admin marks (docs/decisions.md, issue 12)
        ("/api/workshops", "identity"),
        ("/api/admin/users/3/instructor", "identity"),
        ("/api/orgs", "organizations"),
        ("/api/orgs/4/leaderboard", "organizations"),
        ("/api/media/9", "organizations"),
        ("/api/studios-map", "studios"),
        ("/api/studios/2/students", "studios"),
        ("/api/events/5/add-battle", "battles"),
        ("/api/events/5/scoreboards/init", "battles"),
        ("/api/events/5", "events"),
        ("/api/events/5/checkin/7", "events"),
        ("/api/events-map", "events"),
        ("/api/places", "events"),
        ("/api/admin/events/5/uncheck/2", "events"),
        ("/api/payments/config", "events"),
        ("/api/payments/webhook/stripe", "events"),
        ("/api/admin/tickets/3/refund", "events"),
        ("/api/battles/3/prelims", "battles"),
        ("/api/crews/3/4/join", "battles"),
        ("/api/admin/sparrings/3/set-winner/8", "battles"),
        ("/api/images", "images"),
        ("/api/images/abc123", "images"),
        ("/api/live", "gateway"),
    ],
)
def test_most_specific_pattern_wins(path: str, service: str) -> None:
    assert resolve(path) == service


@pytest.mark.parametrize(
    "path",
    [
        "/api",
        "/api/",
        "/api/nothing",
        "/api/battles",
        "/api/admin/other/1",
        "/api//user",
        "/internal/profiles",
    ],
)
def test_unknown_paths_have_no_owner(path: str) -> None:
    assert resolve(path) is None
