"""A seeded random walk through hands of every structure and configuration
(2 to 22 seats, short stacks, antes, big-blind antes, straddles): at every
decision ``legal_actions`` must agree with what the engine accepts (every
amount it offers is taken, the amounts just outside it are refused and
change nothing), and every finished hand must pay what
``reference_game.reference_payoffs`` computes from RULES.md alone.
"""

from __future__ import annotations

import pickle
import random

import pytest

import holecards as hc
from game_helpers import hist, state  # noqa: E402
from holecards import ConfigError, Game, Hand, IllegalActionError, Rules
from reference_game import reference_payoffs  # noqa: E402

# ---------------------------------------------------------------------------
# legal_actions agrees with what the engine accepts (random walk)
# ---------------------------------------------------------------------------


def _random_rules(rng):
    rules, n, scale = _random_holdem_rules(rng)
    if rng.random() < 0.5:
        # the same betting in another game (its deck may seat fewer players)
        # (the stud games take stud rules: tests/test_stud.py walks them;
        # the draw games' walk, draws and all, is in tests/test_draw.py)
        game = Game(
            rng.choice([g for g in Game.codes() if not Game(g).is_stud and not Game(g).is_draw])
        )
        return rules.with_game(game), min(n, game.max_players), scale
    return rules, n, scale


def _random_holdem_rules(rng):
    kind = rng.choice(["nl", "nl", "pl", "fl", "prog"])
    n = rng.choice([2, 2, 3, 4, 5, 6, 9, 22])
    if kind == "prog":
        first = rng.randint(1, 20)
        bets = [first, first * 2, first * 3, first * 4]
        return Rules.progressive(ante=rng.randint(1, first), bets=bets), n, first * 4
    bb = rng.randint(1, 10)
    sb = rng.randint(0, bb)
    kw = {}
    if rng.random() < 0.15:
        # a button blind (the button posts the big blind; no small blind)
        kw["button_blind"] = True
        sb = 0
    r = rng.random()
    if r < 0.25:
        kw["ante"] = rng.randint(1, bb)
    elif r < 0.45:
        kw["big_blind_ante"] = rng.randint(1, 2 * bb)
    if n >= 3 and rng.random() < 0.3 and not kw.get("button_blind"):
        if kind == "fl":
            kw["straddles"] = (2 * bb,)
        else:
            kw["straddles"] = (2 * bb,)
            if kind == "nl" and n >= 4 and rng.random() < 0.5:
                kw["straddles"] = (2 * bb, 4 * bb)
        kw["straddle_min_raise"] = rng.choice(["straddle", "big_blind"])
    if kind == "nl":
        return Rules.no_limit(small_blind=sb, big_blind=bb, **kw), n, bb
    if kind == "pl":
        return Rules.pot_limit(small_blind=sb, big_blind=bb, **kw), n, bb
    cap = rng.choice([None, 0, 3, 4])
    return (
        Rules.fixed_limit(
            small_blind=sb, big_blind=bb, raise_cap=cap, heads_up_uncapped=rng.random() < 0.5, **kw
        ),
        n,
        bb,
    )


def test_legal_actions_agree_with_the_engine_random_walk():
    rng = random.Random(20240611)
    for _ in range(400):
        rules, n, scale = _random_rules(rng)
        stacks = [
            rng.choice([1, 2, 3, rng.randint(1, 5 * scale), rng.randint(10 * scale, 60 * scale)])
            for _ in range(n)
        ]
        try:
            h = Hand(rules, stacks, button=rng.randrange(n), seed=rng.randrange(2**32))
        except ConfigError:
            continue
        start = sum(stacks)
        progressive = rules.structure == hc.Structure.PROGRESSIVE
        steps = 0
        while not h.is_over:
            steps += 1
            assert steps < 500
            seat = h.actor
            la = h.legal_actions()
            assert la.seat == seat
            bet, stack = h.bets[seat], h.stacks[seat]
            assert not h.folded[seat] and not h.all_in[seat] and stack > 0
            assert 0 <= la.call_amount <= stack
            # After a call the seat has matched every bet actually made, or is all-in.
            assert bet + la.call_amount >= max(h.bets) or la.call_amount == stack
            if progressive:
                assert la.can_fold and not la.can_check and la.call_amount > 0
                assert la.min_raise_to is None and la.max_raise_to is None
            else:
                assert la.can_check == (la.call_amount == 0)
                assert la.can_fold == (la.call_amount > 0)
            assert (la.min_raise_to is None) == (la.max_raise_to is None)
            assert sum(h.stacks) + h.pot == start
            assert sum(p.amount for p in h.pots) == h.pot
            before = state(h)
            if la.min_raise_to is not None:
                lo, hi = la.min_raise_to, la.max_raise_to
                assert max(h.bets) < lo <= hi <= bet + stack
                assert la.call_amount < stack
                if rules.structure == hc.Structure.FIXED_LIMIT:
                    assert lo == hi
                for bad in (lo - 1, hi + 1):
                    if bad <= hi and bad >= lo:
                        continue
                    with pytest.raises(IllegalActionError):
                        h.bet_or_raise_to(bad)
                    assert state(h) == before
                for good in {lo, hi, rng.randint(lo, hi)}:
                    c = h.copy()
                    c.bet_or_raise_to(good)
                    assert c.bets[seat] == good
            else:
                with pytest.raises(IllegalActionError):
                    h.bet_or_raise_to(bet + stack)
                assert state(h) == before
            if not la.can_fold:
                with pytest.raises(IllegalActionError):
                    h.fold()
                assert state(h) == before
            if rng.random() < 0.05:
                assert pickle.loads(pickle.dumps(h)) == h
            # Act.
            r = rng.random()
            if la.can_fold and r < 0.2:
                h.fold()
            elif la.min_raise_to is not None and r < 0.5:
                h.bet_or_raise_to(
                    rng.choice(
                        [
                            la.min_raise_to,
                            la.max_raise_to,
                            rng.randint(la.min_raise_to, la.max_raise_to),
                        ]
                    )
                )
            else:
                h.check_or_call()
        assert h.actor is None and h.legal_actions() is None
        assert sum(h.stacks) == start and sum(h.payoffs) == 0
        assert sum(p.amount for p in h.pots) == h.pot
        for p in h.pots:
            assert p.winners and set(p.winners) <= set(p.eligible)
            assert set(p.low_winners) <= set(p.eligible)
            assert not p.low_winners or rules.game.hi_lo
            assert not any(h.folded[s] for s in p.eligible)
        assert h.payoffs == reference_payoffs(h), (rules, stacks, h.button, hist(h))
