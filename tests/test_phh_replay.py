"""Real recorded hands (PHH) replayed through ``holecards.phh`` to the chip.

Every hold'em hand (NT, FT) of the corpus is replayed action by action, the
seat PHH names checked against the one to act before each action. A hand that
records ``finishing_stacks`` must end with exactly those stacks, except the
documented quirk of ``shared/phh/README.md``: a split pot recorded in half
chips (three Pluribus hands here), which must be paid by the odd-chip rule
(one chip at a time from the button's left) and in no other way. Other
variants must be reported as unsupported, by name.

The full corpus (``../shared/phh``, or ``HOLECARDS_PHH``) runs when present;
the sample copied into ``tests/data/phh`` (with its licence) always runs, so
a clone without ``../shared`` still checks replay. Each run prints and checks
how many hands it replayed, so a silent skip cannot pass.
"""

from __future__ import annotations

import collections
import os
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Dict, Tuple

import pytest

import holecards as hc
from holecards import phh
from holecards._core import _phh_check_each

HERE = Path(__file__).parent
SAMPLE = HERE / "data" / "phh"
FULL = Path(os.environ.get("HOLECARDS_PHH", HERE.parents[1] / "shared" / "phh")) / "corpus"

WSOP_2019 = "wsop-2019-42-3-00-01-07.phh"
HALF_CHIP = {"pluribus/41b/204.phh", "pluribus/102/0.phh", "pluribus/88/128.phh"}

# Split pots recorded as half chips, computed by hand: the odd chip goes to
# the first winner left of the button (p1 is that seat).
HALF_CHIP_EXPECTED = {
    # p1, p4 split 2*3787 + 100 + 225 = 7899: p1 10000-3787+3950, p4 ...+3949
    "pluribus/41b/204.phh": [10163, 9900, 10000, 10162, 10000, 9775],
    # p1, p5 split 2*562 + 225 = 1349: p1 gets 675, p5 674
    "pluribus/102/0.phh": [10113, 9775, 10000, 10000, 10112, 10000],
    # p4, p6 split 2*1337 + 525 + 50 = 3249: p4 gets 1625, p6 1624
    "pluribus/88/128.phh": [9950, 9475, 10000, 10288, 10000, 10287],
}

CORPORA = [("sample", SAMPLE)] + ([("full", FULL)] if FULL.is_dir() else [])


def rel(h: hc.phh.HandHistory, root: Path) -> str:
    return Path(h.source).resolve().relative_to(root.resolve()).as_posix()


@lru_cache(maxsize=None)
def results(which: str) -> Tuple[Tuple[str, hc.phh.HandHistory, str, str], ...]:
    root = dict(CORPORA)[which]
    hs = phh.load_many([root])
    checked = _phh_check_each(hs, None)
    return tuple((rel(h, root), h, st, detail) for h, (st, detail) in zip(hs, checked))


def counts(which: str) -> Dict[str, int]:
    c = collections.Counter(st for _n, _h, st, _d in results(which))
    print(f"{which} corpus: {sum(c.values())} hands: {dict(c)}")
    return c


# The sample: 108 + 109 Pluribus hands, 2 more with half chips; the WSOP 2023
# final table (83 hands: 18 hold'em, 7 pot-limit Omaha, 14 fixed-limit Omaha
# hi/lo, 13 seven-card stud, 7 stud hi/lo, 10 razz, 7 2-7 triple draw and 7
# no-limit 2-7 single draw); 7 famous hands (the PO, NS, triple-draw and
# badugi ones among them, with no finishing stacks: checked legal) and the
# WSOP 2019 one; the 3 HandHQ hands. Every variant of the corpus is played.
COMMUNITY_CARD_WSOP = 18 + 7 + 14
STUD_WSOP = 13 + 7 + 10
DRAW_WSOP = 7 + 7
WSOP_2023 = COMMUNITY_CARD_WSOP + STUD_WSOP + DRAW_WSOP
assert WSOP_2023 == 83
EXPECTED = {
    "sample": {
        "matched": 108 + 109 + WSOP_2023 - 1,
        "half_chip": 3,
        "legal": 8,
        "failed": 1,
        "unsupported": 0,
    },
    "full": {
        "matched": 5070 + WSOP_2023 - 3,
        "half_chip": 3,
        "legal": 8,
        "failed": 1,
        "unsupported": 0,
    },
}


@pytest.mark.parametrize("which", [w for w, _ in CORPORA])
def test_every_holdem_hand_replays_to_its_recorded_stacks(which: str) -> None:
    c = counts(which)
    bad = [
        (n, d)
        for n, _h, st, d in results(which)
        if st == "mismatch" or (st == "failed" and n != WSOP_2019)
    ]
    assert not bad, bad[:5]
    want = dict(EXPECTED[which])
    if which == "sample":
        # the sample's exact Pluribus count depends on the folders copied
        pluribus = sum(1 for n, *_ in results(which) if n.startswith("pluribus/"))
        want["matched"] = pluribus - 3 + WSOP_2023
    assert {k: c.get(k, 0) for k in want} == want


@pytest.mark.parametrize("which", [w for w, _ in CORPORA])
def test_half_chips_only_where_the_readme_says_and_paid_by_the_odd_chip_rule(which: str) -> None:
    half = {n for n, _h, st, _d in results(which) if st == "half_chip"}
    assert half == HALF_CHIP
    for n, h, _st, _d in results(which):
        if n in HALF_CHIP_EXPECTED:
            assert h.replay().final_stacks == HALF_CHIP_EXPECTED[n]


@pytest.mark.parametrize("which", [w for w, _ in CORPORA])
def test_other_variants_are_reported_unsupported_by_name(which: str) -> None:
    # Every variant of the corpus is played (the spec's codes: hold'em,
    # Omaha, short-deck, the stud games and the draw games).
    variants = collections.Counter(h.variant for _n, h, _st, _d in results(which))
    assert set(variants) == {
        "NT",
        "FT",
        "PO",
        "FO/8",
        "NS",
        "F7S",
        "F7S/8",
        "FR",
        "F2L3D",
        "N2L1D",
        "FB",
    }
    assert not [d for _n, _h, st, d in results(which) if st == "unsupported"]
    # A code the engine does not play is reported by name.
    (h,) = phh.loads(
        "variant = 'NZ'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
        "starting_stacks = [9, 9]\nactions = []\n"
    )
    assert _phh_check_each([h], None) == [("unsupported", "NZ")]


def test_wsop_2019_big_blind_ante_hand() -> None:
    # The record skips the button (p8, Td3d) preflop: after "p7 cbr 1150000"
    # it goes on with "p1 cc". p8 must act there; the replay does not guess.
    (h,) = phh.load(SAMPLE / WSOP_2019)
    with pytest.raises(hc.HandHistoryError) as info:
        h.replay()
    e = info.value
    assert e.index == 13 and e.action == "p1 cc" and "p8 is to act" in str(e)
    assert e.reason == hc.IllegalReason.NOT_YOUR_TURN and e.legal is not None and e.legal.seat == 7
    # With the fold written in, it replays to the recorded stacks, the
    # big-blind ante being dead money. By hand: pot 3 * 1,150,000 + 500,000
    # (ante) preflop; the river bet of 2,250,000 is called by p1 (QdJd,
    # jacks) who beats p2 (Ac7c) for 8,450,000.
    actions = list(h.actions)
    assert actions[12:14] == ["p7 cbr 1150000", "p1 cc"]
    actions.insert(13, "p8 f")
    text = phh.dumps(h).replace(repr(h.actions).replace('"', "'"), repr(actions).replace('"', "'"))
    (fixed,) = phh.loads(text)
    hand = fixed.replay()
    assert hand.final_stacks == [
        18_100_000,
        5_625_000,
        6_675_000,
        5_750_000,
        9_150_000,
        6_525_000,
        12_950_000,
        7_300_000,
    ]
    assert hand.final_stacks == [int(x) for x in h.finishing_stacks]
    assert hand.contributions[1] == 500_000 + 1_150_000 + 2_250_000


def test_dwan_ivey_2009() -> None:
    # Antonius's cards are unknown (he folds preflop): dealt from a seed.
    (h,) = phh.load(SAMPLE / "dwan-ivey-2009.phh")
    assert h.finishing_stacks is None
    hand = h.replay()
    assert hand.is_over and sum(hand.final_stacks) == sum(hand.starting_stacks)
    # Dwan (7h6h) is all-in for 553,500 on the turn; his 3-7 straight beats
    # Ivey's wheel (Ac2d) on Jc3d5c 4h Jh. Pot: 2 * 553,500 + Antonius's 500
    # ante and 2,000 big blind.
    assert hand.final_stacks == [1_125_600 - 553_500, 2_000_000 - 2_500, 1_109_500]


# HandHQ sample: dollars and cents; winnings are after an unrecorded rake.
# By hand: #1 p1 raises to $3, folds to him: pot $2 (his $1 back is uncalled);
# #3 pot 5 * $1 + 2 * $6 = $17, p5 collects, $15.65 recorded (rake $1.35);
# #9 antes $1 + 2 * $2 + 2 * $5 = $15, p2 collects, $13.75 recorded.
HANDHQ_POT = {"1": (0, 2), "3": (4, 17), "9": (1, 15)}


@pytest.mark.parametrize("section", sorted(HANDHQ_POT))
def test_handhq_sample_in_dollars_and_cents(section: str) -> None:
    (h,) = [x for x in phh.load(SAMPLE / "handhq-abs-100NLH-sample.phhs") if x.section == section]
    hand = h.replay()
    winner, dollars = HANDHQ_POT[section]
    assert [p.winners for p in hand.pots] == [(winner,)]
    assert hand.pot * h.unit == dollars
    assert sum(hand.final_stacks) == sum(hand.starting_stacks)
    rake = dollars - h.winnings[winner]
    assert 0 <= rake <= Decimal("0.1") * dollars
