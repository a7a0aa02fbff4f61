"""Every game through the Python API: the Game type, rules for each game,
hands dealt from the game's deck, hi/lo pots, the button blind, tables,
tournaments, simulations, environments and hand histories. Payouts are
checked against tests/reference_game.py (plain Python) in
test_random_walk.py; here the expected values are written by hand."""

from __future__ import annotations

import pickle
from typing import List

import numpy as np
import pytest

import holecards as hc
from holecards import ConfigError, EventKind, Game, Hand, Rules, Street, phh

pytestmark = pytest.mark.timeout(120)

CODES = [
    "holdem",
    "omaha",
    "omaha5",
    "omaha6",
    "omaha-hi-lo",
    "omaha5-hi-lo",
    "omaha6-hi-lo",
    "short-deck",
    "short-deck-trips",
    "royal",
    "stud",
    "stud-hi-lo",
    "razz",
    "2-7-triple-draw",
    "2-7-single-draw",
    "badugi",
]
# The community-card games (the stud games: tests/test_stud.py; the draw
# games: tests/test_draw.py).
COMMUNITY = CODES[:10]


def test_the_games_and_their_facts() -> None:
    assert Game.codes() == CODES
    facts = {g: (Game(g).hole_cards, Game(g).deck_size, Game(g).hi_lo) for g in CODES}
    assert facts == {
        "holdem": (2, 52, False),
        "omaha": (4, 52, False),
        "omaha5": (5, 52, False),
        "omaha6": (6, 52, False),
        "omaha-hi-lo": (4, 52, True),
        "omaha5-hi-lo": (5, 52, True),
        "omaha6-hi-lo": (6, 52, True),
        "short-deck": (2, 36, False),
        "short-deck-trips": (2, 36, False),
        "royal": (2, 20, False),
        # a stud player's seven cards (up cards included)
        "stud": (7, 52, False),
        "stud-hi-lo": (7, 52, True),
        "razz": (7, 52, False),
        "2-7-triple-draw": (5, 52, False),
        "2-7-single-draw": (5, 52, False),
        "badugi": (4, 52, False),
    }
    # the family of each: its deal
    kinds = {g: (Game(g).is_stud, Game(g).is_draw, Game(g).draws) for g in CODES}
    assert [g for g in CODES if kinds[g][0]] == ["stud", "stud-hi-lo", "razz"]
    assert {g: kinds[g][2] for g in CODES if kinds[g][1]} == {
        "2-7-triple-draw": 3,
        "2-7-single-draw": 1,
        "badugi": 3,
    }
    # every hand and a burn: (52 - 1) // 5 = 10, (52 - 1) // 4 = 12
    assert [Game(g).max_players for g in ("2-7-triple-draw", "badugi")] == [10, 12]
    assert Game("27td") == Game("2-7-triple-draw") and Game("27sd") == Game("2-7-single-draw")
    # (52 - 8) // 6 = 7; (36 - 8) // 2 = 14; (20 - 8) // 2 = 6
    assert [Game(g).max_players for g in ("holdem", "omaha6", "short-deck", "royal")] == [
        22,
        7,
        14,
        6,
    ]
    assert Game("plo") == Game("omaha") and Game("plo8") == Game("omaha-hi-lo")
    assert Game("omaha5").name == "5-card Omaha"
    assert [str(c) for c in Game("royal").deck()[:5]] == ["Tc", "Td", "Th", "Ts", "Jc"]
    for g in CODES:
        game = Game(g)
        assert pickle.loads(pickle.dumps(game)) == game and hash(game) == hash(Game(g))
        assert repr(game) == f"Game('{g}')"


@pytest.mark.parametrize("bad", ["omaha7", "", "draw", 4, None])
def test_a_bad_game_is_refused(bad: object) -> None:
    with pytest.raises(ConfigError) as e:
        Game(bad)  # type: ignore[arg-type]
    assert "game" in str(e.value)
    if bad is not None:  # (game=None is hold'em, the default)
        with pytest.raises(ConfigError):
            Rules.no_limit(small_blind=1, big_blind=2, game=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", COMMUNITY)
def test_rules_carry_the_game_and_hands_deal_from_its_deck(code: str) -> None:
    rules = Rules.pot_limit(small_blind=1, big_blind=2, game=code)
    assert rules.game == Game(code)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert (f"game='{code}'" in repr(rules)) == (code != "holdem")
    assert rules.with_game("holdem") == Rules.pot_limit(small_blind=1, big_blind=2)
    game = Game(code)
    deck = {str(c) for c in game.deck()}
    n = min(6, game.max_players)
    for seed in range(20):
        h = Hand(rules, [50] * n, seed=seed)
        dealt: List[str] = []
        for s in range(n):
            hole = [str(c) for c in h.hole_cards(s)]
            assert len(hole) == game.hole_cards
            dealt += hole
        while not h.is_over:
            h.check_or_call()
        dealt += [str(c) for c in h.board]
        assert set(dealt) <= deck and len(set(dealt)) == len(dealt)
        assert pickle.loads(pickle.dumps(h)) == h
        view = h.view(0)
        assert len(view.hole_cards or []) == game.hole_cards


def test_given_cards_must_fit_the_game() -> None:
    plo = Rules.pot_limit(small_blind=1, big_blind=2, game="omaha")
    with pytest.raises(hc.CardError, match="Omaha needs 4 hole cards, got 2 for seat 0"):
        Hand(plo, [100, 100], hole_cards=[["Ah", "Kd"], None])
    short = Rules.no_limit(small_blind=1, big_blind=2, game="short-deck")
    with pytest.raises(hc.CardError, match="5c is not in the 36-card short deck"):
        Hand(short, [100, 100], board=["5c"])
    with pytest.raises(ConfigError, match="needs 2 to 7 players, not 8"):
        Hand(Rules.no_limit(small_blind=1, big_blind=2, game="omaha6"), [100] * 8)


def _check_down(h: Hand) -> None:
    while h.legal_actions() is not None:
        h.check_or_call()


def test_a_hi_lo_pot_splits_with_the_odd_chip_to_the_high() -> None:
    rules = Rules.no_limit(small_blind=1, big_blind=2, game="omaha-hi-lo")
    # The button calls, the small blind folds, the big blind checks: 5 chips.
    # Seat 2 has the flush (high), seat 0 the wheel (the only low): 3 and 2.
    h = Hand(
        rules,
        [100, 100, 100],
        hole_cards=[["3c", "4d", "Js", "Jd"], ["9s", "9d", "Tc", "Ts"], ["Kh", "Th", "8s", "8c"]],
        board=["Ah", "2h", "5h", "Kc", "Qd"],
    )
    h.check_or_call()
    h.fold()
    _check_down(h)
    assert h.payoffs == [0, -1, 1]
    (pot,) = h.pots
    assert pot.winners == (2,) and pot.low_winners == (0,)
    assert "low_winners=(0,)" in repr(pot)
    awards = {e.seat: e.amount for e in h.events if e.kind == EventKind.AWARD}
    assert awards == {2: 3, 0: 2}
    assert h.view(None).to_dict()["pots"][0]["low_winners"] == [0]


def test_a_button_blind_is_posted_by_the_button_who_acts_last() -> None:
    rules = Rules.no_limit(
        small_blind=0, big_blind=10, ante=10, button_blind=True, game="short-deck"
    )
    assert rules.button_blind and "button_blind=True" in repr(rules)
    h = Hand(rules, [500] * 4, button=3, seed=1)
    posts = [(e.kind, e.seat, e.amount) for e in h.events if e.kind.name.startswith("POST")]
    assert posts == [(EventKind.POST_ANTE, s, 10) for s in (0, 1, 2, 3)] + [
        (EventKind.POST_BIG_BLIND, 3, 10)
    ]
    # Left of the button first; the button last, with the option.
    order = []
    while h.street == Street.PREFLOP:
        order.append(h.actor)
        h.check_or_call()
    assert order == [0, 1, 2, 3]
    assert h.legal_actions() is not None and h.actor == 0
    with pytest.raises(ConfigError, match="no small blind"):
        Rules.no_limit(small_blind=1, big_blind=10, button_blind=True)


def test_tables_tournaments_and_simulations_take_the_game() -> None:
    rules = Rules.pot_limit(small_blind=1, big_blind=2, game="omaha5")
    t = hc.Table(rules, 4, seed=3)
    for s in range(4):
        t.sit(s, 200)
    for _ in range(5):
        hand = t.new_hand()
        assert len(hand.hole_cards(0)) == 5
        _check_down(hand)
        t.finish(hand)
    assert t.chips == 800
    tour = hc.Tournament(
        [[1, 2], [2, 4]], [300] * 3, [100], hands_per_level=5, game="omaha-hi-lo", seed=1
    )
    assert len(tour.new_hand().hole_cards(0)) == 4
    res = hc.simulate(
        ["tight_aggressive", "random", "calling_station"], hands=300, rules=rules, seed=1
    )
    assert res.hands == 300 and sum(s.net for s in res.seats) == 0
    res = hc.simulate(
        ["tight_aggressive", "random"], tournaments=3, game="short-deck", seed=2, threads=1
    )
    assert res.tournaments == 3
    with pytest.raises(ConfigError, match="give one of them"):
        hc.simulate(["random", "random"], hands=10, rules=rules, game="royal")


def test_an_environment_deals_the_game() -> None:
    from holecards import env

    e = env.gym_env(rules=Rules.pot_limit(small_blind=1, big_blind=2, game="omaha6"), players=3)
    obs, info = e.reset(seed=1)
    hole = obs[:52]
    assert hole.sum() == 6


@pytest.mark.parametrize(
    "code, variant",
    [
        ("omaha", "PO"),
        ("omaha-hi-lo", "PO/8"),
        ("omaha5", "PO"),
        ("short-deck", "PS"),
        ("short-deck-trips", "PS"),
        ("royal", "PR"),
    ],
)
def test_hand_histories_round_trip_every_game(code: str, variant: str) -> None:
    rules = Rules.pot_limit(small_blind=1, big_blind=2, game=code)
    h = Hand(rules, [80, 120, 100], button=1, seed=5)
    while not h.is_over:
        la = h.legal_actions()
        assert la is not None
        if la.min_raise_to is not None and h.street == Street.FLOP:
            h.bet_or_raise_to(la.min_raise_to)
        else:
            h.check_or_call()
    text = phh.dumps(h)
    assert f"variant = '{variant}'" in text
    assert ("_hole_cards = 5" in text) == (code == "omaha5")
    assert ("_trips_beat_straight = true" in text) == (code == "short-deck-trips")
    (back,) = phh.loads(text)
    replayed = back.replay()
    assert replayed.rules == rules
    # PHH player i is seat (button + 1 + i) % n of the hand written.
    assert replayed.final_stacks == [h.final_stacks[(1 + 1 + i) % 3] for i in range(3)]


def test_the_corpus_plays_omaha_and_short_deck() -> None:
    from pathlib import Path

    root = Path(__file__).parent / "data" / "phh"
    (ns,) = phh.load(root / "phua-xuan-2019.phh")
    hand = ns.replay()
    assert hand.rules.game == Game("short-deck") and hand.rules.button_blind
    # Xuan's queens make a king-high straight on the river (a straight beats
    # Phua's set of kings in pokerkit's short-deck ranking): 623,000 chips.
    assert hand.final_stacks == [489000, 226000, 684000, 400000, 0, 198000]
    (po,) = phh.load(root / "antonius-blom-2009.phh")
    assert po.replay().rules.game == Game("omaha")


def _reference_equity(game: str, hands: List[str], board: str) -> List[float]:
    """Equity of known hands by enumerating every runout in plain Python
    (tests/reference_game.py's showdown, this module's split)."""
    import itertools

    import reference_eval as ref
    from reference_game import cards_of, high_key

    known = [cards_of(hc.parse_cards(h)) for h in hands]
    shown = cards_of(hc.parse_cards(board))
    used = {c for h in known for c in h} | set(shown)
    deck = [c for c in cards_of(Game(game).deck()) if c not in used]
    won = [0.0] * len(hands)
    deals = 0
    for runout in itertools.combinations(deck, 5 - len(shown)):
        full = shown + list(runout)
        highs = [high_key(game, h, full) for h in known]
        lows = [ref.omaha_low8(h, full) if game.endswith("hi-lo") else None for h in known]
        top = max(highs)
        hi = [i for i, v in enumerate(highs) if v == top]
        qualified = [low for low in lows if low is not None]
        lo = [i for i, v in enumerate(lows) if qualified and v == min(qualified)]
        for i in range(len(hands)):
            part = 1 / len(hi) if i in hi else 0.0
            if lo:
                part = (part + (1 / len(lo) if i in lo else 0.0)) / 2
            won[i] += part
        deals += 1
    return [w / deals for w in won]


@pytest.mark.parametrize(
    "game, hands, board",
    [
        ("short-deck", ["AhKh", "QsQd"], "Js7c6d"),
        ("short-deck-trips", ["9h9d", "KsQs"], "9cTsJd"),
        ("royal", ["AhKh", "QsQd", "JcTc"], "KdTdQc"),
        ("omaha5-hi-lo", ["As2d3cKsQh", "4c5c8h9sTs"], "6h7dJs"),
    ],
)
def test_game_equity_of_known_hands_against_a_plain_python_count(
    game: str, hands: List[str], board: str
) -> None:
    r = hc.game_equity(game, hands, board)
    assert r.exact and r.game == Game(game)
    assert r.equities == pytest.approx(_reference_equity(game, hands, board), abs=1e-12)


def test_game_equity_deals_unknown_cards() -> None:
    # A random hand against AA in short-deck, exact over every deal; Monte
    # Carlo agrees within its error and repeats from its seed.
    exact = hc.game_equity("short-deck", ["AsAd", None], "Kc8h7d")
    assert exact.exact and exact.deals == 465 * 406  # C(31, 2) hands, C(29, 2) runouts
    mc = hc.game_equity("short-deck", ["AsAd", ""], "Kc8h7d", trials=100_000, seed=3)
    again = hc.game_equity("short-deck", ["AsAd", ""], "Kc8h7d", trials=100_000, seed=3, threads=1)
    assert mc.equities == again.equities and mc.seed == 3
    assert abs(mc.equities[0] - exact.equities[0]) < 0.01
    with pytest.raises(ConfigError, match="give trials"):
        hc.game_equity("omaha6", ["", "", ""])
    with pytest.raises(hc.CardError, match="not in the 36-card short deck"):
        hc.game_equity("short-deck", ["As5d", ""])


# ---------------------------------------------------------------------------
# Omaha ranges


def _matches(pattern: str, hand: List[str], suits: str = "") -> bool:
    """A plain reading of one pattern (ranks, x) against a hand: every rank
    token takes a distinct card of its rank; suit qualifiers by suit counts."""
    from collections import Counter

    need = Counter(t for t in pattern if t not in "x*")
    have = Counter(c[0] for c in hand)
    if any(have[r] < n for r, n in need.items()):
        return False
    per_suit = sorted(Counter(c[1] for c in hand).values(), reverse=True)
    if suits == "ds":
        return per_suit[:2] == [2, 2] and per_suit[0] < 3
    if suits == "ss":
        return per_suit[0] == 2 and per_suit.count(2) == 1
    if suits == "r":
        return per_suit[0] == 1
    return True


@pytest.mark.parametrize(
    "pattern, suits", [("AAxx", ""), ("KQJT", "ds"), ("AKxx", "ss"), ("T98x", "r")]
)
def test_omaha_range_hands_are_the_patterns_reading(pattern: str, suits: str) -> None:
    import itertools

    r = hc.OmahaRange(pattern + (":" + suits if suits else ""))
    deck = [str(c) for c in Game("omaha").deck()]
    want = {
        frozenset(h) for h in itertools.combinations(deck, 4) if _matches(pattern, list(h), suits)
    }
    got = {frozenset(str(c) for c in cards) for cards, w in r.hands()}
    assert got == want and len(r) == len(want)
    assert all(w == 1.0 for _, w in r.hands())


def test_omaha_range_weights_errors_and_pickling() -> None:
    r = hc.OmahaRange("AAxx:0.5, AAKK", game="omaha")
    assert r.weight("AsAhKsKh") == 1.0 and r.weight("AsAh7c2d") == 0.5
    assert r.weight("KsKh7c2d") == 0.0 and "KsKh7c2d" not in r
    assert pickle.loads(pickle.dumps(r)).hands() == r.hands()
    assert repr(r) == "OmahaRange('AAxx:0.5, AAKK', game='omaha')"
    assert len(hc.OmahaRange("AAxxx", game="omaha5")) > 0
    for text, says in [
        ("AAx", "is 3 cards"),
        ("AAxx:1.5", "not a weight"),
        ("AAxx:zz", "not understood"),
        ("AAAA:ds", "no 4-card hand"),
        ("AAxx,,KKxx", "empty entry"),
    ]:
        with pytest.raises(hc.RangeError, match=says):
            hc.OmahaRange(text)
    with pytest.raises(ConfigError, match="Omaha games"):
        hc.OmahaRange("AKxx", game="holdem")
    # bounded: memory (every six-card hand would be 20 million) and patterns
    with pytest.raises(hc.RangeError, match="more than 3000000 hands"):
        hc.OmahaRange("random", game="omaha6")
    with pytest.raises(hc.RangeError, match="at most 64 patterns"):
        hc.OmahaRange(",".join(["AAxx"] * 65))
    with pytest.raises(hc.RangeError, match="at most 4096 characters"):
        hc.OmahaRange("A" * 5000)


def test_equity_with_an_omaha_range_is_the_average_of_its_hands() -> None:
    # On the turn, with one river card left, each hand of a small range has
    # an exact equity; Monte Carlo over the range lands on their weighted
    # average.
    board, known = "Qs Jh 7c 2d", "QdQcTs9s"
    r = hc.OmahaRange("AsAhKsx:0.5, AsAhKdx")
    out = set(hc.parse_cards(known + board.replace(" ", "")))
    total = weight = 0.0
    for cards, w in r.hands():
        if out & set(cards):
            continue
        e = hc.game_equity("omaha", [cards, known], board)
        total += w * e.equities[0]
        weight += w
    want = total / weight
    got = hc.game_equity("omaha", [r, known], board, trials=200_000, seed=9).equities[0]
    se = (want * (1 - want) / 200_000) ** 0.5
    assert abs(got - want) < 5 * se
    # exactly: weighted hands are refused (each deal counts once), a range
    # whose hands all weigh 1 is the plain average over hands and rivers
    with pytest.raises(ConfigError, match="weight 0.5"):
        hc.game_equity("omaha", [r, known], board)
    whole = hc.OmahaRange("AsAhKsx, AsAhKdx")
    fitting = [c for c, _ in whole.hands() if not out & set(c)]
    each = [hc.game_equity("omaha", [c, known], board) for c in fitting]
    exact = hc.game_equity("omaha", [whole, known], board)
    assert exact.exact and exact.deals == sum(e.deals for e in each) == 40 * len(fitting)
    assert exact.equities[0] == pytest.approx(sum(e.equities[0] for e in each) / len(each))


@pytest.mark.parametrize("code", CODES)
def test_every_state_and_view_of_every_game_pickles(code: str) -> None:
    # Hands played to the end (checks and calls, each draw stood pat or
    # the first two cards thrown, some folds): the hand and every seat's
    # view, and the public one, read back equal at every step, the
    # finished hand's included (a draw game's showdown has no board).
    import random

    rng = random.Random(code)
    game = Game(code)
    if not game.is_stud:
        rules = Rules.fixed_limit(small_blind=1, big_blind=2, game=code)
    else:
        rules = Rules.stud(game=code, ante=1, bring_in=1, small_bet=2)
    n = min(4, game.max_players)
    for seed in range(6):
        h = Hand(rules, [30, 60, 45, 80][:n], seed=seed)
        while True:
            assert pickle.loads(pickle.dumps(h)) == h
            for seat in [*range(n), None]:
                view = h.view(seat)
                assert pickle.loads(pickle.dumps(view)) == view, (seed, seat)
            if h.is_over:
                break
            if h.is_drawing:
                if rng.random() < 0.5:
                    h.stand_pat()
                else:
                    h.discard(h.hole_cards(h.actor)[:2])
            elif h.legal_actions().can_fold and rng.random() < 0.1:
                h.fold()
            else:
                h.check_or_call()


def test_a_folded_hand_dealt_again_after_a_reshuffle_still_pickles() -> None:
    # 2-7 single draw, ten players: seat 3 folds (its five cards go to the
    # muck), then the nine left each throw all five. The stub holds 52 - 50
    # = 2 cards, so the muck is reshuffled and seat 3's cards are drawn by
    # others. Seat 3's view holds its own folded hand and the hands shown
    # at the showdown, which may share cards: it still reads back.
    rules = Rules.fixed_limit(small_blind=1, big_blind=2, game="2-7-single-draw")
    h = Hand(rules, [100] * 10, seed=1)
    h.fold()
    while not h.is_drawing:
        h.check_or_call()
    while h.is_drawing:
        h.discard(h.hole_cards(h.actor))
    while not h.is_over:
        h.check_or_call()
    shown = {str(c) for s in range(10) if s != 3 for c in h.hole_cards(s)}
    assert shown & {str(c) for c in h.hole_cards(3)}
    for seat in [*range(10), None]:
        view = h.view(seat)
        assert pickle.loads(pickle.dumps(view)) == view


@pytest.mark.parametrize("code", ["2-7-triple-draw", "2-7-single-draw", "badugi"])
def test_draw_histories_replay_finished_and_stopped_mid_draw(code: str) -> None:
    # Many players throwing many cards: the stub runs out, the muck and
    # earlier discards are reshuffled, and where even those are short the
    # draw's own discards (docs/game.md). Every hand, finished or stopped
    # at a random step (in the middle of a draw too), is written as PHH and
    # replays to the same actions, stacks and legal actions.
    import random

    rng = random.Random(code)
    game = Game(code)
    rules = Rules.fixed_limit(small_blind=1, big_blind=2, game=code)
    stopped_in_draw = fallback = 0
    for seed in range(40):
        n = rng.randint(2, game.max_players)
        h = Hand(rules, [rng.choice([6, 40, 200]) for _ in range(n)], button=n - 1, seed=seed)
        stop = rng.randrange(40) if rng.random() < 0.5 else None
        steps = 0
        while not h.is_over and steps != stop:
            steps += 1
            if h.is_drawing:
                k = rng.choice([0, game.hole_cards, game.hole_cards, 1, 2])
                h.discard(h.hole_cards(h.actor)[:k])
            elif h.legal_actions().can_fold and rng.random() < 0.1:
                h.fold()
            else:
                h.check_or_call()
        stopped_in_draw += h.is_drawing
        back = phh.loads(phh.dumps(h))[0].replay()
        assert back.history == h.history, seed
        assert back.stacks == h.stacks and back.legal_actions() == h.legal_actions(), seed
        assert back.is_drawing == h.is_drawing, seed
        if h.is_over:
            assert back.payoffs == h.payoffs, seed
        fallback += n >= 9 and h.is_over
    assert stopped_in_draw > 0 and fallback > 0


@pytest.mark.parametrize("code", CODES)
def test_corrupted_states_of_every_game_are_refused_cleanly(code: str) -> None:
    # Saved hands and views of each game with bytes changed, cut or added:
    # either a valid object comes back or a holecards error (a StateError,
    # or a ConfigError for rules that fail their checks); never a crash or
    # another exception.
    import random

    from holecards import _core

    rng = random.Random(code)
    if not Game(code).is_stud:
        rules = Rules.no_limit(small_blind=1, big_blind=2, game=code, ante=1)
    else:
        rules = Rules.stud(game=code, ante=1, bring_in=1, small_bet=2)
    n = min(4, Game(code).max_players)
    h = Hand(rules, [40] * n, seed=2)
    if Game(code).is_draw:
        # into the first draw, half of it done: two players discard
        for _ in range(4):
            h.check_or_call()
        h.discard(h.hole_cards(h.actor)[:2])
        h.stand_pat()
        assert h.is_drawing
    else:
        for _ in range(3 if code in COMMUNITY else 6):
            h.check_or_call()
    states = [
        (_core._restore_hand, h.__reduce__()[1][0]),
        (_core._restore_view, h.view(0).__reduce__()[1][0]),
    ]
    for restore, good in states:
        assert restore(good) is not None
        for _ in range(300):
            b = bytearray(good)
            kind = rng.randrange(3)
            if kind == 0:
                for _ in range(rng.randint(1, 4)):
                    b[rng.randrange(len(b))] = rng.randrange(256)
            elif kind == 1:
                del b[rng.randrange(len(b)) :]
            else:
                b += bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            try:
                restore(bytes(b))
            except hc.HolecardsError:
                pass


def test_a_table_deals_a_button_blind_game() -> None:
    rules = Rules.no_limit(small_blind=0, big_blind=4, ante=2, button_blind=True, game="short-deck")
    t = hc.Table(rules, 5, seed=4)
    for s in (0, 1, 2, 4):
        t.sit(s, 200)
    for k in range(12):
        if k == 5:
            t.sit(3, 200)  # a player joins between hands
        hand = t.new_hand()
        seats = t.dealt_seats
        bb = [e.seat for e in hand.events if e.kind == EventKind.POST_BIG_BLIND]
        assert bb == [hand.button], (k, seats)
        assert not any(e.kind == EventKind.POST_SMALL_BLIND for e in hand.events)
        _check_down(hand)
        t.finish(hand)
    assert t.chips == 1000


def test_range_equity_hostile_inputs_are_refused_quickly_and_clearly() -> None:
    import time

    start = time.perf_counter()
    # ranges that (almost) never fit together: refused after a bounded number
    # of tuples, not billions of tries
    with pytest.raises(ConfigError, match="almost never fit together"):
        hc.game_equity("omaha", ["AAKK:0.0005", "AAQQ:0.0005"], "2c3d4h", "Ac", trials=10, seed=1)
    # tiny weights are relative: the same draws as weight 1
    small = hc.game_equity("omaha", ["AAxx:0.0001", "KsKhQsQh"], "2c3d4h", trials=20_000, seed=1)
    whole = hc.game_equity("omaha", ["AAxx", "KsKhQsQh"], "2c3d4h", trials=20_000, seed=1)
    assert small.equities == pytest.approx(whole.equities, abs=1e-9)
    # more cards than the deck holds, exact or not
    r6 = hc.OmahaRange("AsAhAdAcKsKh", game="omaha6")
    for trials in (None, 10):
        with pytest.raises(ConfigError, match="59 cards to deal and 52 left"):
            hc.game_equity("omaha6", [r6] * 9, trials=trials)
    # too many players, before any range is read
    with pytest.raises(ConfigError, match="2 to 10 players, not 11"):
        hc.game_equity("omaha", ["AAxx"] * 11)
    # a text that is not a rank is named
    with pytest.raises(hc.RangeError, match="'Z' is not a rank"):
        hc.game_equity("omaha", ["ZZxx", "QsQhJsJh"])
    with pytest.raises(hc.RangeError, match="second weight"):
        hc.OmahaRange("AAxx:0.5:0.5")
    with pytest.raises(ConfigError, match=r"\d+ x \d+ x \d+ hands\), more than 1000000 tuples"):
        hc.game_equity("omaha", ["AAxx", "KKxx", "QQxx"], "2c3d4h5s")
    assert time.perf_counter() - start < 20


def test_batch_flags_are_booleans() -> None:
    rows = np.array([[16, 20, 24, 28, 33]], dtype=np.uint8)
    with pytest.raises(TypeError, match="trips_beat_straight must be True or False"):
        hc.evaluate_short_deck_many(rows, trips_beat_straight="no")
    with pytest.raises(TypeError, match="low must be True or False"):
        hc.evaluate_omaha_many(rows[:, :4], rows[:, :3] + 10, low="no")
    assert hc.evaluate_short_deck_many(rows, trips_beat_straight=np.bool_(True)).shape == (1,)
