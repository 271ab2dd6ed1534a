"""The fee and tax table and the free rule (events/tickets/rules.py)."""

from __future__ import annotations

import pytest

from events.tickets import rules


class TestPrice:
    @pytest.mark.parametrize(
        ("cost", "fees", "taxes", "total"),
        [
            (1000, 100, 89, 1189),  # 5 % = 50 + 50; 8.875 % = 88.75 -> 89
            (2000, 150, 178, 2328),  # 177.5 -> 178: half up
            (100, 55, 9, 164),  # 8.875 -> 9
            (10, 51, 1, 62),  # 0.5 -> 1 (half up), 0.8875 -> 1
            (2500, 175, 222, 2897),  # 125 + 50; 221.875 -> 222
            (100_000_000, 5_000_050, 8_875_000, 113_875_050),
        ],
    )
    def test_a_paid_ticket(self, cost: int, fees: int, taxes: int, total: int) -> None:
        one = rules.price(cost)
        assert (one.cost, one.fees, one.taxes, one.total) == (cost, fees, taxes, total)

    def test_a_free_ticket_pays_nothing(self) -> None:
        one = rules.price(0)
        assert (one.cost, one.fees, one.taxes, one.total) == (0, 0, 0, 0)


class TestFree:
    def test_no_tiers_is_free(self) -> None:
        assert rules.is_free([])

    def test_tiers_of_cost_zero_are_free(self) -> None:
        assert rules.is_free([0, 0])

    def test_one_paid_tier_is_not(self) -> None:
        assert not rules.is_free([0, 1500])


class TestMethod:
    @pytest.mark.parametrize(("cost", "method"), [(0, "free"), (1000, "card"), (1000, "cash")])
    def test_fitting(self, cost: int, method: rules.Method) -> None:
        rules.check_method(cost, method)

    def test_free_for_a_paid_tier(self) -> None:
        with pytest.raises(ValueError, match=rules.FREE_FOR_PAID):
            rules.check_method(1000, "free")

    @pytest.mark.parametrize("method", ["card", "cash"])
    def test_paying_for_a_free_tier(self, method: rules.Method) -> None:
        with pytest.raises(ValueError, match=rules.PAID_FOR_FREE):
            rules.check_method(0, method)


class TestTierMoney:
    def test_editors_see_the_sums_others_zero(self) -> None:
        tier = {"id": 1, "title": "GA", "cost": 1000, "description": ""}
        sums = {"fees": 200, "taxes": 178, "total": 2378}
        seen = rules.tier_money(tier, sums, editor=True)
        assert seen["ticketCost"] == 1000 and seen["ticketFees"] == 100 and seen["ticketTaxes"] == 89
        assert seen["ticketTotalSum"] == 1189 and (seen["fees"], seen["taxes"], seen["totalSum"]) == (200, 178, 2378)
        hidden = rules.tier_money(tier, sums, editor=False)
        assert (hidden["fees"], hidden["taxes"], hidden["totalSum"]) == (0, 0, 0) and hidden["ticketTotalSum"] == 1189


def test_card_numbers_may_have_spaces() -> None:
    assert rules.card_number("4242 4242 4242 4242") == "4242424242424242"
    assert rules.card_number("  ") is None
