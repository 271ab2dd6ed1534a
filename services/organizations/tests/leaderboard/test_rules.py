from __future__ import annotations

from datetime import date

from organizations.leaderboard import rules
from organizations.leaderboard.rules import Award


class TestPoints:
    def test_the_table_covers_the_places_battles_publish(self) -> None:
        assert list(rules.PLACE_POINTS) == ["1st Place", "2nd Place", "3rd Place", "Top 4", "Top 8", "Top 16", "Top 32"]
        points = list(rules.PLACE_POINTS.values())
        assert points == sorted(points, reverse=True) and len(set(points)) == len(points)

    def test_unknown_places_earn_nothing(self) -> None:
        assert rules.points_for("Top 64") is None
        assert rules.unknown_places([("1st Place", [1]), ("Top 64", [2])]) == ["Top 64"]


class TestAwards:
    def test_one_award_per_dancer_per_place(self) -> None:
        awards = rules.awards([("1st Place", [1, 2]), ("2nd Place", [3, 4]), ("Top 4", [5])])
        assert awards == [
            Award(1, "1st Place", 100),
            Award(2, "1st Place", 100),
            Award(3, "2nd Place", 75),
            Award(4, "2nd Place", 75),
            Award(5, "Top 4", 50),
        ]

    def test_a_dancer_listed_twice_keeps_the_better_place(self) -> None:
        assert rules.awards([("Top 8", [7]), ("1st Place", [7]), ("Top 4", [7])]) == [Award(7, "1st Place", 100)]

    def test_places_outside_the_table_are_skipped(self) -> None:
        assert rules.awards([("Top 64", [1]), ("Top 32", [2])]) == [Award(2, "Top 32", 5)]

    def test_no_winners_no_awards(self) -> None:
        assert rules.awards([]) == []


class TestYearAndRank:
    def test_points_count_in_the_year_the_event_starts(self) -> None:
        assert rules.year_of(date(2025, 12, 31)) == 2025

    def test_equal_points_share_a_rank_and_the_next_rank_skips(self) -> None:
        assert rules.competition_ranks([100, 100, 75, 50, 50, 50, 5]) == [1, 1, 3, 4, 4, 4, 7]
        assert rules.competition_ranks([]) == []
