from battles.scorecards import rules


def test_who_reads_a_scorecard() -> None:
    private, hidden = rules.PRIVATE, rules.HIDDEN
    for own, insider in ((True, False), (False, True)):  # the competitor, the battle's admins and judges: always
        for decided in (False, True):
            for is_hidden in (False, True):
                assert rules.refusal(decided=decided, hidden=is_hidden, own=own, insider=insider) is None
    assert rules.refusal(decided=False, hidden=False, own=False, insider=False) == private
    assert rules.refusal(decided=True, hidden=False, own=False, insider=False) is None
    assert rules.refusal(decided=True, hidden=True, own=False, insider=False) == hidden
    assert rules.refusal(decided=False, hidden=True, own=False, insider=False) == hidden


def test_a_sparring_from_the_competitors_side() -> None:
    assert rules.result(1, 2, None) is None
    assert rules.result(1, 2, 1) == "won"
    assert rules.result(1, 2, 2) == "lost"
    assert rules.result(1, None, 1) == "bye"


def test_the_first_round_first_the_final_last() -> None:
    stages = [
        rules.Stage("final", 1, 0),
        rules.Stage("right", 1, 0),
        rules.Stage("left", 2, 0),
        rules.Stage("left", 1, 1),
    ]
    ordered = sorted(stages, key=rules.Stage.key)
    assert ordered == [
        rules.Stage("left", 1, 1),
        rules.Stage("right", 1, 0),
        rules.Stage("left", 2, 0),
        rules.Stage("final", 1, 0),
    ]
