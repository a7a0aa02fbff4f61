"""Calls that would run for minutes or hours: each, in a child process,
must keep its memory bounded and stop within a second of Ctrl-C
(tests/long_calls.py says how this is measured)."""

from __future__ import annotations

import pytest

from long_calls import assert_stops_on_ctrl_c

LONG_EQUITY = [
    "equity(['random', 'random', 'random'], trials=10**12, seed=1)",
    "equity(['AhKh', 'QsQd'], trials=10**15, seed=1)",
    # an exact enumeration, about 1 s of work a call on two cores (a dead
    # card, so that heads-up preflop is enumerated, not read from the
    # table): five in turn, so that the interruption lands inside one
    # however fast it runs
    "for _ in range(5): equity(['random', 'AA'], dead='2c', threads=2)",
    "equity(['random', 'random', 'TT+'], board='2c7d9h3s', threads=2)",
    "equity(['random', 'random', 'random', 'random'], target_std_error=1e-9, seed=2)",
    "equity_grid('random', trials=10**7, seed=1)",
    # stud, razz and Omaha Monte Carlo: a result a batch of 16,384 trials
    # was once kept (8 GB asked at once for 10**12, an abort) and Ctrl-C
    # waited for every batch
    "game_equity('razz', ['', ''], trials=10**12, seed=1)",
    "game_equity('stud-hi-lo', ['', ''], trials=10**15, seed=1)",
    "omaha_equity(['AsAhKsKh', 'QdJdTc9c'], trials=10**15, seed=1)",
    # ICM over 10**9 finishing orders (within the cost cap: minutes)
    "icm([100, 200, 300, 400], [1, 0], trials=10**9, seed=1)",
    # ranges whose hands share cards: each deal drawn about 170 times;
    # counted as quick from its sizes, it ran unwatched for seconds
    "equity(['AhAd,2c2d:0.003', 'AhAs,3c3d:0.003'], trials=3_000_000, seed=0, threads=1)",
    # exact ICM at its limit (2**22 sets; it never looked at Ctrl-C)
    "for _ in range(20): icm(list(range(1, 24)), [1] * 12)",
]

LONG_SIMULATIONS = [
    # 10**11 hands: the results of 49 million chunks were once kept at once
    # (an abort: "memory allocation of 2734375000 bytes failed").
    "holecards.simulate(['random', 'random'], hands=10**11, seed=1)",
    "holecards.simulate(['random', 'station', 'tag'], hands=10**15, seed=1)",
    # Ten million tournaments: 2.1 GB in two seconds, once.
    "holecards.simulate(['random', 'random'], tournaments=10**7, seed=1)",
    # One tournament that would last a billion hands (Ctrl-C was ignored).
    "holecards.simulate(['station'] * 3, tournaments=1, levels=[(1, 2)], stacks=10**9, max_hands=10**9)",
    # few hands of a slow game and bots: about a millisecond a hand, once
    # unwatched (counted quick) and watched only between 2,048-hand chunks
    "for _ in range(100): holecards.simulate(['tag'] * 7, hands=5_000, game='omaha6-hi-lo', seed=1, threads=1)",
]


LONG_HISTORIES = [
    # statistics of a million hands (the same few, shared: little memory)
    "hs = holecards.phh.from_site('tests/data/sites/pokerstars/hhp-posts-allin.txt').hands\n"
    "holecards.stats(hs * 1_000_000)",
    # 20 MB of site text, converted 30 times over
    "t = open('tests/data/sites/pokerstars/hhsmithy-MultipleHandsTests-10MultipleHands.txt',"
    " encoding='utf-8-sig').read() * 2_000\n"
    "for _ in range(30): holecards.phh.from_site(t)",
    # one PHH text of 31 MB (33,000 hands), read again and again: a read
    # of one text watched Ctrl-C only between texts (over a second each)
    "one = holecards.phh.from_site("
    "'tests/data/sites/pokerstars/hhsmithy-GeneralHands-SidePot.txt').hands[0]\n"
    "t = holecards.phh.dumps([one] * 33_000)\n"
    "for _ in range(30): holecards.phh.loads(t)",
]


@pytest.mark.parametrize("call", LONG_EQUITY + LONG_SIMULATIONS + LONG_HISTORIES)
def test_long_calls_run_in_bounded_memory_and_stop_on_ctrl_c(call: str) -> None:
    assert_stops_on_ctrl_c(call)
