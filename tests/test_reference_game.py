"""The reference payout (tests/reference_game.py) on hands worked out by hand.

``final_stacks`` is checked on its own (plain data, no engine) and, with
``reference_stacks`` and ``stacks_from_events``, on hands played in the
engine: all must give the stacks worked out in the comments, and so must
the engine. Conventions as in game_helpers.py.
"""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

from game_helpers import AA, BOARD, KK, LOW, NL, QQ, ROYAL, check_down, deal, play  # noqa: E402
from holecards import Rules
from reference_game import final_stacks, reference_stacks, side_pots, split, stacks_from_events  # noqa: E402

# ---------------------------------------------------------------------------
# the pieces, on plain data


def test_side_pots_by_live_level_with_folded_chips_inside():
    # Contributions 100, 1 (folded), 20, 50, 100: levels 20, 50, 100.
    # Main 20 + 1 + 20 + 20 + 20 = 81 {0,2,3,4}; 30 x 3 = 90 {0,3,4};
    # 50 x 2 = 100 {0,4}.
    assert side_pots([100, 1, 20, 50, 100], [0, 2, 3, 4]) == [
        (81, [0, 2, 3, 4]),
        (90, [0, 3, 4]),
        (100, [0, 4]),
    ]


def test_side_pots_dead_money():
    # A big-blind ante of 2 from seat 2, which also put in 1 live: levels
    # 1 and 2 of 1, 1, 1 live and 2, 2 from seats 0, 1: main 3 + 2 dead.
    assert side_pots([2, 2, 3], [0, 1, 2], dead=2, dead_seat=2) == [(5, [0, 1, 2]), (2, [0, 1])]
    # All of seat 2's chips were the ante: the dead money is a pot of its
    # own, which every player still in can win.
    assert side_pots([2, 2, 2], [0, 1, 2], dead=2, dead_seat=2) == [(2, [0, 1, 2]), (4, [0, 1])]


def test_split_odd_chips_one_at_a_time_from_the_buttons_left():
    # Button 2 of 4: the order is 3, 0, 1, 2. 14 among 1, 2, 3 is 4 each and
    # 2 odd chips, to seat 3 and then seat 1.
    assert split([(14, [1, 2, 3])], button=2, n=4) == [0, 5, 4, 5]
    # 95 between 0 and 2: 47 each, the odd chip to seat 0.
    assert split([(95, [2, 0])], button=2, n=4) == [48, 0, 47, 0]


def test_final_stacks_from_plain_data():
    # test_pots_showdown.py's three-way all-in: button 0, stacks 200, 100, 20,
    # 50, 100; contributions after seat 0's uncalled 100 came back: 100, 1,
    # 20, 50, 100; seat 1 folded. Seats 2 and 3 tie with A-K (pair of
    # aces) for the main pot 81 = 40 + 40 + 1 (the odd chip to seat 2);
    # seat 3 wins the 90; seat 0's queens beat ace-high for the 100.
    stacks = final_stacks(
        [200, 100, 20, 50, 100],
        [100, 1, 20, 50, 100],
        [False, True, False, False, False],
        ["QhQd", "3d3h", "AhKd", "AcKs", "JhTs"],
        "Ad 7c 4s 2h 9c".split(),
        button=0,
    )
    assert stacks == [200, 99, 41, 130, 0]


@pytest.mark.parametrize("bb_hand, expect", [(KK, [102, 0]), (AA, [100, 2])])
def test_final_stacks_big_blind_all_in_for_its_ante(bb_hand, expect):
    # Heads-up, big-blind ante 2, button 0: the big blind (seat 1) has 2, all
    # of it the dead ante; the small blind's chip came back. The 2 dead
    # chips are the only pot: the better hand takes them.
    other = AA if bb_hand == KK else KK
    stacks = final_stacks(
        [100, 2], [0, 2], [False, False], [other, bb_hand], BOARD.split(), 0, big_blind_ante=2
    )
    assert stacks == expect


def test_final_stacks_one_player_left_needs_no_cards():
    # Everyone folds to a raise: seat 0 wins 1 + 2, its own 2 back.
    assert final_stacks([100] * 3, [2, 1, 2], [False, True, True], [[], [], []], [], 0) == [
        103,
        99,
        98,
    ]


# ---------------------------------------------------------------------------
# hands played in the engine


def _history_hand() -> Any:
    # NL 1/2, button 0. Preflop: seat 0 raises to 6, the SB calls 5 more, the
    # BB folds. Flop: seat 1 checks, seat 0 bets 4, seat 1 raises to 12,
    # seat 0 calls 8 more. Contributions 18, 18, 2 (pot 38).
    h = deal(NL(), [100] * 3)
    play(h, 6, "c", "f", "c", 4, 12, "c")
    return h


def _history_hand_finished() -> Any:
    # ... checked down: AA (seat 0) beats KK and wins the 38.
    h = _history_hand()
    check_down(h)
    return h


def _straddle_hand() -> Any:
    # NL 1/2 straddle 4, five seats, button 0: SB 1, BB 2, straddle seat 3.
    # Seat 4 raises to 12, seat 0 folds, the SB calls 11 more, the BB folds,
    # the straddler raises to 30 (26 more: the straddle counts toward its
    # street bet), seat 4 calls 18, the SB 18. Contributions 0, 30, 2, 30, 30
    # = 92; KK (seat 1) beats JJ and TT: 100 - 30 + 92 = 162.
    h = deal(NL(straddles=(4,)), [100] * 5)
    play(h, 12, "f", "c", "f", 30, "c", "c")
    check_down(h)
    return h


def _big_blind_ante_hand() -> Any:
    # NL 1/2, big-blind ante 2, button 0; the BB (seat 2) has 3: the dead
    # ante, then 1 of its blind. The button calls 2, the SB completes. Live
    # levels 1 and 2: main 1 + 1 + 1 + 2 dead = 5 {0,1,2}: AA (seat 2);
    # side 1 + 1 = 2 {0,1}: KK (seat 1). Stacks 98, 100 - 2 + 2, 0 + 5.
    h = deal(NL(big_blind_ante=2), [100, 100, 3], hole=[QQ, KK, AA])
    play(h, "c", "c")
    check_down(h)
    return h


def _odd_chips_hand() -> Any:
    # test_pots_showdown.py: NL 1/2 ante 1, button 2, a royal flush on the
    # board. Contributions 46, 11, 46, 36 (seat 3 folded on the turn). Main
    # 11 x 4 = 44 {0,1,2} = 14 each and 2 odd chips to seats 0 and 1 (the
    # order is 3, 0, 1, 2); side 35 + 35 + 25 = 95 {0,2} = 47 each and the
    # odd chip to seat 0. Stacks 100 - 46 + 15 + 48, 11 - 11 + 15,
    # 100 - 46 + 14 + 47, 100 - 36.
    h = deal(NL(ante=1), [100, 11, 100, 100], button=2, hole=LOW[:4], board=ROYAL)
    play(h, 10, "c", "c", 30, "c", "c", "c", 5, "c", "c", "c", 10, "c", "f", "c", "c")
    return h


def _uncalled_hand() -> Any:
    # NL 1/2, button 0: seat 0 raises to 6, both blinds fold; its 4 uncalled
    # chips come back and it wins the blinds.
    h = deal(NL(), [100] * 3)
    play(h, 6, "f", "f")
    return h


def _progressive_hand() -> Any:
    # Progressive ante 10, bets 50/100/..., button 0; seat 1 has 30 after the
    # ante and bets it all, seats 2 and 0 bet 50; on the flop seat 2 bets
    # 100 and seat 0 folds: seat 2's 100 is uncalled. Contributions 60, 40,
    # 60: main 120 {1,2}: KK (seat 1); side 40 {2}. Stacks 940, 120, 980.
    h = deal(Rules.progressive(ante=10, bets=(50, 100, 150, 200)), [1000, 40, 1000])
    play(h, "c", "c", "c", "c", "f")
    return h


def _three_way_all_in_hand() -> Any:
    # test_final_stacks_from_plain_data, played: seat 3 all-in to 50, seat 4
    # to 100, seat 0 to 200, the SB folds, the BB calls all-in.
    hole = ["QhQd", "3d3h", "AhKd", "AcKs", "JhTs"]
    h = deal(NL(), [200, 100, 20, 50, 100], hole=hole, board="Ad 7c 4s 2h 9c")
    play(h, 50, 100, 200, "f", "c")
    return h


HANDS: List[Any] = [
    (_history_hand, [82, 82, 98]),  # running: on the turn, nothing awarded
    (_history_hand_finished, [120, 82, 98]),
    (_straddle_hand, [100, 162, 98, 70, 70]),
    (_big_blind_ante_hand, [98, 100, 5]),
    (_odd_chips_hand, [117, 15, 115, 64]),
    (_uncalled_hand, [103, 99, 98]),
    (_progressive_hand, [940, 120, 980]),
    (_three_way_all_in_hand, [200, 99, 41, 130, 0]),
]


@pytest.mark.parametrize("make, expect", HANDS, ids=[m.__name__.strip("_") for m, _ in HANDS])
def test_reference_and_events_give_the_worked_stacks(
    make: Callable[[], Any], expect: List[int]
) -> None:
    h = make()
    assert list(h.stacks) == expect
    assert stacks_from_events(h) == expect
    if h.is_over:
        assert reference_stacks(h) == expect
        assert list(h.final_stacks) == expect
