"""Registration's pure rules: the refusal texts and their order, who competes under each cap."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

from battles.registration import rules
from battles.registration.rules import Candidate, Standing

FREE = Candidate(
    period="future",
    staff=False,
    judge=False,
    members_only_org=None,
    has_dancer_name=True,
    check_in_cap_reached=False,
    check_in_limit=0,
    needs_agreement=False,
    needs_waiver=False,
)


def refusal(**changes: object) -> str | None:
    return rules.refusal(dataclasses.replace(FREE, **changes))  # type: ignore[arg-type]


class TestRefusal:
    def test_none_when_free(self) -> None:
        assert refusal() is None

    def test_every_text(self) -> None:
        assert refusal(period="past") == "Registration is closed: the event is over."
        assert refusal(staff=True) == "The event's staff cannot register for its battles."
        assert refusal(judge=True) == "Judges of this battle cannot register for it."
        assert refusal(members_only_org="League") == "Only members of League can register for this battle."
        assert refusal(has_dancer_name=False) == "Complete your profile to register."
        assert refusal(check_in_cap_reached=True, check_in_limit=4) == "The check-in cap of 4 is reached."
        assert refusal(needs_agreement=True) == "Sign the agreement to register."
        assert refusal(needs_waiver=True) == "Sign the waiver to register."
        assert refusal(needs_agreement=True, needs_waiver=True) == "Sign the agreement and the waiver to register."

    def test_the_event_over_comes_first_and_signatures_last(self) -> None:
        assert refusal(period="past", judge=True, needs_waiver=True) == rules.CLOSED
        assert refusal(judge=True, needs_waiver=True) == rules.JUDGES


T = datetime(2026, 6, 1, tzinfo=UTC)


class TestCompeting:
    ENTRIES = [
        Standing(1, 1, None),
        Standing(2, 2, T + timedelta(minutes=5)),
        Standing(3, 3, T),
        Standing(4, 4, T + timedelta(minutes=1)),
    ]

    def test_no_cap_or_a_zero_limit(self) -> None:
        assert rules.competing("none", 2, self.ENTRIES) == {1, 2, 3, 4}
        assert rules.competing("registration", 0, self.ENTRIES) == {1, 2, 3, 4}

    def test_registration_cap_first_by_arrival(self) -> None:
        assert rules.competing("registration", 2, list(reversed(self.ENTRIES))) == {1, 2}

    def test_check_in_cap_first_checked_in(self) -> None:
        assert rules.competing("checkIn", 2, self.ENTRIES) == {3, 4}
        assert rules.competing("checkIn", 10, self.ENTRIES) == {2, 3, 4}

    def test_limit_exceeded(self) -> None:
        assert rules.limit_exceeded("registration", 2, competing_count=2, checked_in_count=0)
        assert not rules.limit_exceeded("registration", 3, competing_count=2, checked_in_count=5)
        assert rules.limit_exceeded("checkIn", 2, competing_count=0, checked_in_count=2)
        assert not rules.limit_exceeded("none", 0, competing_count=9, checked_in_count=9)


def test_not_signed() -> None:
    assert rules.not_signed("Zed", True, True) == "Zed has not signed the agreement and the waiver."
    assert rules.not_signed("Zed", True, False) == "Zed has not signed the agreement."
    assert rules.not_signed("Zed", False, True) == "Zed has not signed the waiver."
    assert rules.not_signed("Zed", False, False) is None
