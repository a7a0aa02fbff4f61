"""Random-action six-player no-limit hands from Python: holecards vs pokerkit.

Usage: with holecards installed, ``pip install pokerkit==0.7.7`` (the ``bench`` extra
pins it) and run ``python benches/bench_game_peers.py`` (defaults ``--hands 50000
--pk-hands 1000 --seed 20240607 --repeats 5 --pk-repeats 3``; ``--json PATH`` also
writes the raw numbers). About 30 s on a 2-core machine, most of it pokerkit. It
only measures: that both libraries take the same decisions (below) is tested by
``tests/test_pokerkit_diff.py::test_bench_game_takes_the_same_actions_in_both_libraries``.

The game: no-limit hold'em, six players, blinds 50/100, every stack 10,000 at the
start of every hand, the button moving one seat each hand, a fresh deal each hand,
every hand played to the end (showdown included). Both libraries play the same
random policy from a ``random.Random(--seed)``: one ``random()`` per decision; facing
a bet, fold below 0.15; at 0.75 or more, bet or raise (when allowed) to
``randint(min, max)`` over the legal street totals; otherwise check or call. The
policy never looks at the cards and every hand starts from the same stacks, so
legal actions do not depend on the deal and both libraries play exactly the same
action sequences from the same seed. An untimed pass records the decisions (for the
replay rows and the actions per hand).

Timed (``time.perf_counter``, best of the repeats after a warm-up, the garbage
collector run before and disabled during each timed loop, as ``timeit`` does):

* full hands: holecards with ``Hand(rules, stacks, button=b, seed=None)`` (OS entropy
  per hand) and with an integer seed per hand; pokerkit's ``NoLimitTexasHoldem``
  state with every automation (posting, dealing from its own shuffled deck, burning,
  showdown, pushing and pulling chips), so that only betting decisions are left to
  the caller. pokerkit shuffles with the global ``random`` module, which is seeded
  with ``--seed`` before each loop. pokerkit has no button: its player 0 is always
  the small blind, which with equal stacks is only a relabelling of seats, so it
  costs nothing there;
* copies of a mid-hand state (flop, after a bet and a call, ten history entries):
  ``hand.copy()``, ``copy.copy(hand)``, ``copy.deepcopy(hand)`` and pokerkit's
  ``copy.deepcopy(state)`` (its only independent copy);
* holecards per call: ``Hand(...)`` construction, ``legal_actions()``, attribute reads
  of ``LegalActions``, each action (one call on each of 5,000 states prepared by
  playing, untimed), ``payoffs``; and
  two loops with Python overhead only, one ``legal_actions()`` plus one action per
  step with no policy: the recorded random-policy hands replayed (same hands, no
  random numbers drawn), and check/call-only hands;
* a breakdown of one random-policy hand into construction, engine calls and the
  policy's own Python, from the numbers above.
"""

from __future__ import annotations

import copy
import random
import sys
import time
import warnings
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import holecards

# benches/ is on sys.path when this runs as a script
from _harness import (
    best_of,
    fmt_ns,
    fmt_rate,
    gc_paused,
    machine_info,
    machine_line,
    peer_parser,
    per_call,
    ratio,
    table,
    version,
    versions_line,
    write_json,
)
from holecards import Hand, Rules

PLAYERS = 6
SMALL_BLIND = 50
BIG_BLIND = 100
STACK = 10_000
FOLD_BELOW = 0.15  # facing a bet: fold when random() < 0.15
RAISE_FROM = 0.75  # bet or raise when random() >= 0.75 (25%), when allowed

# A recorded decision: 0 check/call, -1 fold, > 0 bet or raise to that street total.
Script = List[int]


# --------------------------------------------------------------------------- timing


def per_call_mutating(
    make: Callable[[], Any], method: str, args: Tuple[Any, ...], count: int, repeats: int
) -> float:
    """Seconds per call of a state-changing method: one call on each of ``count``
    fresh copies of a state (prepared untimed for every sample), best of ``repeats``.
    The loop is ``for f in bound: f(*args)``; its floor is measured separately."""
    best = float("inf")
    for _ in range(repeats + 1):  # the first sample is a warm-up
        objs = [make() for _ in range(count)]
        bound = [getattr(o, method) for o in objs]
        with gc_paused():
            if args:
                (a,) = args
                t0 = time.perf_counter()
                for f in bound:
                    f(a)
                t1 = time.perf_counter()
            else:
                t0 = time.perf_counter()
                for f in bound:
                    f()
                t1 = time.perf_counter()
        best = min(best, (t1 - t0) / count)
        del objs, bound
    return best


def loop_floor(count: int, repeats: int) -> float:
    """The same ``for f in bound: f()`` loop over a C method that does nothing useful."""
    bound = [b"".isalnum] * count
    best = float("inf")
    for _ in range(repeats + 1):
        with gc_paused():
            t0 = time.perf_counter()
            for f in bound:
                f()
            t1 = time.perf_counter()
        best = min(best, (t1 - t0) / count)
    return best


# --------------------------------------------------------------------------- holecards


def hc_rules() -> Any:
    return Rules.no_limit(small_blind=SMALL_BLIND, big_blind=BIG_BLIND)


def hc_deals(n: int, seed: int, seeded: bool) -> List[Tuple[int, Optional[int]]]:
    """(button, deal seed) per hand; the button moves one seat each hand."""
    base = (seed % (1 << 40)) << 20
    return [(i % PLAYERS, (base + i) if seeded else None) for i in range(n)]


def hc_play(
    rules: Any, deals: Sequence[Tuple[int, Optional[int]]], seed: int
) -> Callable[[], None]:
    """The timed holecards loop: random policy, hands to the end, payoffs read."""

    def run() -> None:
        rng = random.Random(seed)
        rnd = rng.random
        randint = rng.randint
        stacks = [STACK] * PLAYERS
        for button, deal_seed in deals:
            hand = Hand(rules, stacks, button=button, seed=deal_seed)
            legal = hand.legal_actions
            la = legal()
            while la is not None:
                r = rnd()
                if r < FOLD_BELOW and la.call_amount:
                    hand.fold()
                elif r >= RAISE_FROM and (lo := la.min_raise_to) is not None:
                    # max_raise_to is None only when min_raise_to is
                    hand.bet_or_raise_to(randint(lo, la.max_raise_to))  # type: ignore[arg-type]
                else:
                    hand.check_or_call()
                la = legal()
            hand.payoffs  # noqa: B018 (read for its side effect)

    return run


def hc_record(rules: Any, deals: Sequence[Tuple[int, Optional[int]]], seed: int) -> List[Script]:
    """The same policy, untimed, recording every decision."""
    rng = random.Random(seed)
    stacks = [STACK] * PLAYERS
    scripts: List[Script] = []
    for button, deal_seed in deals:
        hand = Hand(rules, stacks, button=button, seed=deal_seed)
        script: Script = []
        la = hand.legal_actions()
        while la is not None:
            r = rng.random()
            if r < FOLD_BELOW and la.call_amount:
                hand.fold()
                script.append(-1)
            elif r >= RAISE_FROM and la.min_raise_to is not None:
                assert la.max_raise_to is not None
                to = rng.randint(la.min_raise_to, la.max_raise_to)
                hand.bet_or_raise_to(to)
                script.append(to)
            else:
                hand.check_or_call()
                script.append(0)
            la = hand.legal_actions()
        scripts.append(script)
    return scripts


def hc_replay(
    rules: Any, deals: Sequence[Tuple[int, Optional[int]]], scripts: Sequence[Script]
) -> Callable[[], None]:
    """Python overhead only: the recorded hands, one legal_actions() + one action per step."""
    work = list(zip(deals, scripts))

    def run() -> None:
        stacks = [STACK] * PLAYERS
        for (button, deal_seed), script in work:
            hand = Hand(rules, stacks, button=button, seed=deal_seed)
            legal = hand.legal_actions
            for to in script:
                legal()
                if to == 0:
                    hand.check_or_call()
                elif to < 0:
                    hand.fold()
                else:
                    hand.bet_or_raise_to(to)
            legal()  # None: the hand is over
            hand.payoffs  # noqa: B018 (read for its side effect)

    return run


def hc_check_call(rules: Any, deals: Sequence[Tuple[int, Optional[int]]]) -> Callable[[], None]:
    """Python overhead only: everyone checks or calls to the showdown."""

    def run() -> None:
        stacks = [STACK] * PLAYERS
        for button, deal_seed in deals:
            hand = Hand(rules, stacks, button=button, seed=deal_seed)
            legal = hand.legal_actions
            while legal() is not None:
                hand.check_or_call()
            hand.payoffs  # noqa: B018 (read for its side effect)

    return run


def hc_mid_hand(rules: Any, seed: int) -> Any:
    """Flop of a six-way limped pot, after a bet of 200 and a call (10 history entries)."""
    hand = Hand(rules, [STACK] * PLAYERS, button=0, seed=seed)
    while not hand.board:
        hand.check_or_call()
    hand.bet_or_raise_to(200)
    hand.check_or_call()
    return hand


def hc_last_river_check(rules: Any, seed: int) -> Any:
    """Six players checked to the button on the river: its check ends the hand at showdown."""
    hand = Hand(rules, [STACK] * PLAYERS, button=0, seed=seed)
    while len(hand.board) < 5:
        hand.check_or_call()
    for _ in range(PLAYERS - 1):
        hand.check_or_call()
    assert hand.actor == 0 and not hand.is_over
    return hand


# --------------------------------------------------------------------------- pokerkit


def pk_game(pokerkit: Any) -> Any:
    A = pokerkit.Automation
    automations = (
        A.ANTE_POSTING,
        A.BET_COLLECTION,
        A.BLIND_OR_STRADDLE_POSTING,
        A.CARD_BURNING,
        A.HOLE_DEALING,
        A.BOARD_DEALING,
        A.RUNOUT_COUNT_SELECTION,
        A.HOLE_CARDS_SHOWING_OR_MUCKING,
        A.HAND_KILLING,
        A.CHIPS_PUSHING,
        A.CHIPS_PULLING,
    )
    # ante trimming on, no ante, blinds 50/100, min bet 100; the tournament mode as in
    # tests/test_pokerkit_diff.py (no run-it-twice question to answer)
    return pokerkit.NoLimitTexasHoldem(
        automations, True, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND, mode=pokerkit.Mode.TOURNAMENT
    )


def pk_play(game: Any, n: int, seed: int) -> Callable[[], None]:
    """The timed pokerkit loop: the same policy, pokerkit dealing its own cards."""

    def run() -> None:
        random.seed(seed)  # pokerkit shuffles its deck with the global random module
        rng = random.Random(seed)
        rnd = rng.random
        randint = rng.randint
        starting = (STACK,) * PLAYERS
        for _ in range(n):
            st = game(starting, PLAYERS)
            while st.status:
                amount = st.checking_or_calling_amount
                r = rnd()
                if r < FOLD_BELOW and amount:
                    st.fold()
                elif (
                    r >= RAISE_FROM
                    and (lo := st.min_completion_betting_or_raising_to_amount) is not None
                ):
                    st.complete_bet_or_raise_to(
                        randint(lo, st.max_completion_betting_or_raising_to_amount)
                    )
                else:
                    st.check_or_call()
            st.payoffs  # noqa: B018 (read for its side effect)

    return run


def pk_record(game: Any, n: int, seed: int) -> List[Script]:
    """The same policy in pokerkit, untimed, recording every decision (as pk_play
    deals: the global ``random`` module seeded with ``seed``)."""
    random.seed(seed)
    rng = random.Random(seed)
    scripts: List[Script] = []
    starting = (STACK,) * PLAYERS
    for _ in range(n):
        st = game(starting, PLAYERS)
        script: Script = []
        while st.status:
            if st.actor_index is None:
                raise AssertionError("pokerkit waits for an operation that is not automated")
            amount = st.checking_or_calling_amount
            r = rng.random()
            lo = st.min_completion_betting_or_raising_to_amount
            if r < FOLD_BELOW and amount:
                st.fold()
                script.append(-1)
            elif r >= RAISE_FROM and lo is not None:
                to = rng.randint(lo, st.max_completion_betting_or_raising_to_amount)
                st.complete_bet_or_raise_to(to)
                script.append(to)
            else:
                st.check_or_call()
                script.append(0)
        scripts.append(script)
    return scripts


def pk_mid_hand(game: Any) -> Any:
    """The same point as hc_mid_hand: flop, a bet of 200 and a call."""
    st = game((STACK,) * PLAYERS, PLAYERS)
    while not any(st.board_cards):
        st.check_or_call()
    st.complete_bet_or_raise_to(200)
    st.check_or_call()
    return st


# --------------------------------------------------------------------------- main


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = peer_parser(
        __doc__,
        [
            ("--hands", 50_000, "holecards hands per timed loop"),
            ("--pk-hands", 1_000, "pokerkit hands per timed loop"),
            ("--seed", 20240607, "seed of the policy and the deals"),
            ("--repeats", 5, "timed repeats for holecards rows, best kept"),
            ("--pk-repeats", 3, "timed repeats for pokerkit rows"),
        ],
    )
    args = p.parse_args(argv)
    if min(args.hands, args.pk_hands, args.repeats, args.pk_repeats) < 1:
        p.error("--hands, --pk-hands, --repeats and --pk-repeats must be positive")
    seed = args.seed

    pokerkit: Any
    try:
        import pokerkit  # type: ignore
    except Exception as exc:  # ImportError, or a broken install
        pokerkit = None
        pk_missing = f"pokerkit not available ({type(exc).__name__}: {exc}); its rows are skipped"
    else:
        pk_missing = ""
    versions = {
        "holecards": getattr(holecards, "__version__", version("holecards")),
        "pokerkit": version("pokerkit") if pokerkit is not None else "missing",
    }
    mi = machine_info()
    t_start = time.perf_counter()
    warnings.simplefilter("ignore")  # pokerkit's warnings would only slow its loop

    rules = hc_rules()
    n = args.hands
    deals_none = hc_deals(n, seed, seeded=False)
    deals_seed = hc_deals(n, seed, seeded=True)

    # ---- untimed: record the policy's decisions (for the replay rows and the counts)
    t0 = time.perf_counter()
    scripts = hc_record(rules, deals_seed, seed)
    hc_actions = sum(map(len, scripts)) / n
    folds = sum(s.count(-1) for s in scripts) / n
    raises = sum(sum(1 for a in s if a > 0) for s in scripts) / n
    game = pk_game(pokerkit) if pokerkit is not None else None
    m = args.pk_hands
    pk_scripts: List[Script] = pk_record(game, m, seed) if game is not None else []
    record_s = time.perf_counter() - t0

    # ---- full hands
    full: List[Dict[str, Any]] = []

    def add_full(library: str, mode: str, count: int, times: List[float], actions: float) -> None:
        best = min(times)
        full.append(
            {
                "library": library,
                "mode": mode,
                "hands": count,
                "times_s": times,
                "best_s": best,
                "hands_per_s": count / best,
                "actions_per_hand": actions,
            }
        )

    w = min(n, 2000)
    add_full(
        "holecards",
        "Hand(..., seed=None): OS entropy per hand",
        n,
        best_of(
            hc_play(rules, deals_none, seed), args.repeats, hc_play(rules, deals_none[:w], seed)
        ),
        hc_actions,
    )
    add_full(
        "holecards",
        "Hand(..., seed=int): seed per hand",
        n,
        best_of(
            hc_play(rules, deals_seed, seed), args.repeats, hc_play(rules, deals_seed[:w], seed)
        ),
        hc_actions,
    )
    if game is not None:
        pk_actions = sum(map(len, pk_scripts)) / m
        add_full(
            "pokerkit",
            "NoLimitTexasHoldem, all automations",
            m,
            best_of(pk_play(game, m, seed), args.pk_repeats, pk_play(game, min(m, 100), seed)),
            pk_actions,
        )

    # ---- Python overhead only: one legal_actions() + one action per step
    overhead: List[Dict[str, Any]] = []
    for mode, run, warm, steps in (
        (
            "replay of the random-policy hands (seed=int), no policy",
            hc_replay(rules, deals_seed, scripts),
            hc_replay(rules, deals_seed[:w], scripts[:w]),
            hc_actions + 1,
        ),
        (
            "check/call-only hands to showdown (seed=int)",
            hc_check_call(rules, deals_seed),
            hc_check_call(rules, deals_seed[:w]),
            None,
        ),
    ):
        times = best_of(run, args.repeats, warm)
        overhead.append(
            {
                "mode": mode,
                "hands": n,
                "times_s": times,
                "best_s": min(times),
                "steps_per_hand": steps,
            }
        )
    # steps of a check/call-only hand: every decision plus the final legal_actions()
    h = Hand(rules, [STACK] * PLAYERS, button=0, seed=seed)
    cc_steps = 1
    while h.legal_actions() is not None:
        h.check_or_call()
        cc_steps += 1
    overhead[1]["steps_per_hand"] = cc_steps

    # ---- copies of a mid-hand state
    mid = hc_mid_hand(rules, seed)
    env: Dict[str, Any] = {"h": mid, "copy": copy}
    copies: List[Dict[str, Any]] = []
    for label, stmt, env_ in (
        ("holecards", "h.copy()", env),
        ("holecards", "copy.copy(h)", env),
        ("holecards", "copy.deepcopy(h)", env),
    ):
        s, number = per_call(stmt, env_, args.repeats)
        copies.append({"library": label, "call": stmt, "s_per_call": s, "loops": number})
    if game is not None:
        st = pk_mid_hand(game)
        s, number = per_call(
            "copy.deepcopy(st)", {"st": st, "copy": copy}, args.pk_repeats, target_s=0.2
        )
        copies.append(
            {
                "library": "pokerkit",
                "call": "copy.deepcopy(state)",
                "s_per_call": s,
                "loops": number,
            }
        )

    # ---- holecards per call
    calls: List[Dict[str, Any]] = []
    fresh = Hand(rules, [STACK] * PLAYERS, button=0, seed=seed)
    la_mid = mid.legal_actions()
    done = hc_last_river_check(rules, seed)
    done.check_or_call()
    stacks6 = [STACK] * PLAYERS
    cenv = {
        "Hand": Hand,
        "rules": rules,
        "stacks": stacks6,
        "stacks2": [STACK] * 2,
        "stacks9": [STACK] * 9,
        "h": mid,
        "la": la_mid,
        "done": done,
        "fresh": fresh,
    }
    for stmt, what in (
        (
            "Hand(rules, stacks, button=0, seed=None)",
            "construction, OS entropy (as in the full-hand loop)",
        ),
        (
            "Hand(rules, stacks, button=0, seed=12345)",
            "construction, seeded (as in the full-hand loop)",
        ),
        ("Hand(rules, stacks, 0, 12345)", "construction, seeded, positional arguments"),
        ("Hand(rules, stacks2, 0, 12345)", "construction, seeded, positional, 2 players"),
        ("Hand(rules, stacks9, 0, 12345)", "construction, seeded, positional, 9 players"),
        ("h.legal_actions()", "mid-hand (flop, facing a bet)"),
        ("fresh.legal_actions()", "preflop, first to act"),
        ("la.call_amount", "LegalActions attribute (int)"),
        ("la.min_raise_to", "LegalActions attribute (Optional[int])"),
        ("h.actor", "Hand attribute (Optional[int])"),
        ("done.is_over", "Hand attribute (bool)"),
        ("done.payoffs", "finished hand: list of 6 ints"),
        ("done.legal_actions()", "finished hand: None"),
    ):
        s, number = per_call(stmt, cenv, args.repeats, target_s=0.05)
        calls.append({"call": stmt, "what": what, "s_per_call": s, "loops": number})
    count = 5000
    mrep = max(args.repeats, 10)
    floor = loop_floor(count, mrep)

    # States are built by playing (as in a game), not by copy(): the first action
    # after a copy() also grows the copied history (its own row below).
    def make_mid() -> Any:
        return hc_mid_hand(rules, seed)

    def make_fresh() -> Any:
        return Hand(rules, stacks6, button=0, seed=seed)

    for method, a, make, what in (
        ("check_or_call", (), make_fresh, "preflop call of the big blind"),
        ("check_or_call", (), make_mid, "flop, call of 200"),
        ("fold", (), make_mid, "flop, fold to a bet"),
        ("bet_or_raise_to", (600,), make_mid, "flop, raise to 600"),
        (
            "check_or_call",
            (),
            lambda: hc_last_river_check(rules, seed),
            "last river check: showdown of 6 hands",
        ),
        ("check_or_call", (), mid.copy, "flop, call of 200, first action after copy()"),
    ):
        s = per_call_mutating(make, method, a, count, mrep)
        stmt = f"{method}({', '.join(map(str, a))})"
        calls.append(
            {"call": stmt, "what": what, "s_per_call": s, "loops": count, "floor_s": floor}
        )
    calls.append(
        {
            "call": "b''.isalnum()",
            "what": "loop floor of the rows above (a C method that does nothing)",
            "s_per_call": floor,
            "loops": count,
        }
    )

    # ---- breakdown of a random-policy hand (seeded)
    t_new_seed = next(
        c["s_per_call"] for c in calls if c["call"] == "Hand(rules, stacks, button=0, seed=12345)"
    )
    t_new_none = next(
        c["s_per_call"] for c in calls if c["call"] == "Hand(rules, stacks, button=0, seed=None)"
    )
    t_la = next(c["s_per_call"] for c in calls if c["call"] == "h.legal_actions()")
    t_payoffs = next(c["s_per_call"] for c in calls if c["call"] == "done.payoffs")
    hc_seed = full[1]
    hc_none = full[0]
    per_hand_full = hc_seed["best_s"] / n
    per_hand_replay = overhead[0]["best_s"] / n
    la_calls = hc_actions + 1
    actions_part = per_hand_replay - t_new_seed - la_calls * t_la - t_payoffs
    breakdown = [
        ("Hand(rules, stacks, button=b, seed=int)", "1 call", t_new_seed),
        ("legal_actions()", f"{la_calls:.2f} calls", la_calls * t_la),
        (
            "fold / check_or_call / bet_or_raise_to + loop (replay row less the rows above)",
            f"{hc_actions:.2f} actions",
            actions_part,
        ),
        ("payoffs", "1 read", t_payoffs),
        (
            "the policy's own Python: random(), randint(), LegalActions reads, branches (full less replay)",
            f"{hc_actions:.2f} decisions",
            per_hand_full - per_hand_replay,
        ),
    ]
    total_s = time.perf_counter() - t_start

    # ---- output
    print(
        f"## Random-action 6-max no-limit hands from Python: holecards vs pokerkit "
        f"(blinds {SMALL_BLIND}/{BIG_BLIND}, stacks {STACK:,}, seed {seed})\n"
    )
    print(machine_line(mi))
    print(versions_line(versions) + "\n")
    print(
        f"Policy: fold {FOLD_BELOW:.0%} facing a bet, bet/raise {1 - RAISE_FROM:.0%} to a uniform legal amount, "
        f"else check/call; {hc_actions:.2f} decisions per hand ({folds:.2f} folds, {raises:.2f} bets/raises).\n"
    )
    pk_row = next((r for r in full if r["library"] == "pokerkit"), None)
    pk_rate = pk_row["hands_per_s"] if pk_row else None
    rows: List[List[Any]] = [
        [
            r["library"],
            r["mode"],
            f"{r['hands']:,}",
            args.pk_repeats if r["library"] == "pokerkit" else args.repeats,
            fmt_rate(r["hands_per_s"]),
            f"{r['best_s'] / r['hands'] * 1e6:,.2f}",
            f"{r['actions_per_hand']:.2f}",
            ratio(r["hands_per_s"], pk_rate, ",.0f"),
        ]
        for r in full
    ]
    if pk_row is None:
        rows.append(["pokerkit", "n/a", "", "", "n/a", "n/a", "n/a", "n/a"])
    headers = [
        "library",
        "deal",
        "hands",
        "best of",
        "hands/s",
        "µs/hand",
        "actions/hand",
        "holecards ÷ pokerkit",
    ]
    print(table(headers, rows, right=range(2, 8)))
    print()
    print(
        "Python overhead only (holecards, one `legal_actions()` + one action per step, no policy):\n"
    )
    rows = []
    for r in overhead:
        ph = r["best_s"] / r["hands"]
        rows.append(
            [
                r["mode"],
                fmt_rate(r["hands"] / r["best_s"]),
                f"{ph * 1e6:,.2f}",
                f"{r['steps_per_hand']:.2f}",
                f"{(ph - t_new_seed) / r['steps_per_hand'] * 1e9:,.0f}",
            ]
        )
    print(table(["loop", "hands/s", "µs/hand", "steps/hand", "ns/step"], rows, right=range(1, 5)))
    print("\n(ns/step: µs/hand less one seeded `Hand(...)` construction, divided by the steps.)\n")
    print("Copies of a mid-hand state (flop, after a bet and a call):\n")
    hc_copy = copies[0]["s_per_call"]
    rows = [
        [
            c["library"],
            f"`{c['call']}`",
            fmt_ns(c["s_per_call"]),
            ratio(hc_copy, c["s_per_call"], ".3g"),
        ]
        for c in copies
    ]
    print(table(["library", "call", "per call", "hand.copy() ÷ this"], rows, right=(2, 3)))
    print()
    print(
        "holecards per call (timeit-style, best of repeats; an action: one call on each of 5,000 states "
        "prepared by playing, loop floor included):\n"
    )
    rows = [[f"`{c['call']}`", c["what"], f"{c['s_per_call'] * 1e9:,.0f}"] for c in calls]
    print(table(["call", "state", "ns/call"], rows, right=(2,)))
    print()
    print(f"Where a random-policy hand's {per_hand_full * 1e6:.2f} µs go (seed=int row):\n")
    rows = [[part, cnt, f"{s * 1e6:.2f}", f"{s / per_hand_full:.0%}"] for part, cnt, s in breakdown]
    print(table(["part", "count per hand", "µs/hand", "share"], rows, right=(1, 2, 3)))
    print(
        f"\nseed=None adds {(hc_none['best_s'] - hc_seed['best_s']) / n * 1e6:.2f} µs per hand in the full loop "
        f"(construction with OS entropy {t_new_none * 1e9:,.0f} ns vs seeded {t_new_seed * 1e9:,.0f} ns).\n"
    )
    if pk_missing:
        print(f"Note: {pk_missing}.")
    print(f"(recording {record_s:.1f} s; total {total_s:.1f} s)")

    if args.json:
        data = {
            "seed": seed,
            "hands": n,
            "pk_hands": args.pk_hands,
            "repeats": args.repeats,
            "pk_repeats": args.pk_repeats,
            "machine": mi,
            "versions": versions,
            "policy": {
                "fold_below": FOLD_BELOW,
                "raise_from": RAISE_FROM,
                "actions_per_hand": hc_actions,
                "folds_per_hand": folds,
                "raises_per_hand": raises,
            },
            "full_hands": full,
            "holecards_over_pokerkit": (hc_seed["hands_per_s"] / pk_row["hands_per_s"])
            if pk_row
            else None,
            "python_overhead_only": overhead,
            "copies": copies,
            "per_call": calls,
            "breakdown_s_per_hand": [{"part": a, "count": b, "s": c} for a, b, c in breakdown],
            "total_s": total_s,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
