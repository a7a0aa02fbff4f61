"""Random-action six-player hands of the stud and draw games from Python: holecards vs pokerkit.

Usage: with holecards installed, ``pip install pokerkit==0.7.7`` (the ``bench`` extra
pins it) and run ``python benches/bench_games.py`` (defaults ``--hands 20000
--pk-hands 300 --seed 20240607 --repeats 5 --pk-repeats 3``; ``--games`` takes a
comma-separated subset of the codes below; ``--json PATH`` also writes the raw
numbers). About 45 s on a 2-core machine.

The games, each with six players, every stack 200 at the start of every hand, a
fresh deal each hand, every hand played to the end (showdown included):

* ``stud``, ``stud-hi-lo``, ``razz``: ``Rules.stud(game=..., ante=1, bring_in=1,
  small_bet=2, heads_up_uncapped=False)`` (bets 2/4) against pokerkit's
  ``FixedLimitSevenCardStud``, ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``
  and ``FixedLimitRazz`` with the same ante, bring-in and bets;
* ``2-7-triple-draw`` and ``badugi``: ``Rules.fixed_limit(small_blind=1,
  big_blind=2, game=..., heads_up_uncapped=False)`` (bets 2/4) against
  ``FixedLimitDeuceToSevenLowballTripleDraw`` and ``FixedLimitBadugi``;
* ``2-7-single-draw``: ``Rules.no_limit(small_blind=1, big_blind=2, game=...)``
  against ``NoLimitDeuceToSevenLowballSingleDraw`` (minimum bet 2).

The betting rules are made the same where pokerkit's differ by a setting, as the
differential tests do (tests/test_pokerkit_stud.py S3 and S4,
tests/test_pokerkit_draw.py D1 and D5): holecards without the heads-up uncapping of
WSOP rule 127, pokerkit allowing a bet or completion and four raises a street. At
these stakes nobody goes all-in in the fixed-limit games (at most 81 chips a hand),
so the hands are alike in shape; the cards differ (each library deals its own).

Both libraries play the same random policy from a ``random.Random(--seed)``: one
``random()`` per betting decision; owing the bring-in, complete at 0.75 or more,
else bring in; facing a bet, fold below 0.15; at 0.75 or more, bet or raise (when
allowed) to ``randint(min, max)`` of the legal street totals (fixed limit: the one
amount, drawn without a call to ``randint``, as a bot would); otherwise check or call. In a draw each card is thrown with probability
1/3 (one ``random()`` a card), standing pat when none is. The policy never looks
at the values of the cards.

holecards: ``Hand(rules, stacks, button=b, seed=int)`` (the button moving one seat a
hand), ``legal_actions()`` (``.draw`` during a draw, ``.bring_in`` when the
bring-in is owed), ``discard(cards)`` of the actor's ``hole_cards(seat)``,
``bring_in()``, ``fold()``, ``check_or_call()``, ``bet_or_raise_to(x)``, then
``payoffs``. pokerkit: a state from a game object made once, with every automation
(antes, blinds, bring-in order, dealing hole and board cards from its own shuffled
deck, burning, showdown, killing hands, pushing and pulling chips), so that only
the betting decisions, the bring-in and the discards are left to the caller:
``stand_patter_or_discarder_index`` and ``stand_pat_or_discard(cards)``,
``can_post_bring_in()`` and ``post_bring_in()``, ``checking_or_calling_amount``,
``min/max_completion_betting_or_raising_to_amount``, ``fold()``,
``check_or_call()``, ``complete_bet_or_raise_to(x)``, then ``payoffs``. pokerkit
shuffles with the global ``random`` module, seeded with ``--seed`` before each loop.
Both loops count decisions and draws with a local integer each (the same cost in
both). With the betting rules made the same and no all-ins, legal actions do not
depend on the cards, so both libraries take the same decisions from the same seed
(the same action sequences hand by hand, and the stream of random numbers stays in
step): an untimed pass of holecards over pokerkit's number of hands checks that the
counts agree, and the output says so.

Timed with ``time.perf_counter``: best of the repeats after a warm-up, the garbage
collector run before and disabled during the timed loops (``_harness.best_of``).
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from dataclasses import replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import holecards

# benches/ is on sys.path when this runs as a script
from _harness import (
    best_of,
    fmt_rate,
    machine_info,
    machine_line,
    peer_parser,
    ratio,
    table,
    version,
    versions_line,
    write_json,
)
from holecards import Hand, Rules

PLAYERS = 6
STACK = 200
ANTE = 1  # stud
BRING_IN = 1  # stud
SMALL_BET = 2  # stud and fixed-limit draws; big bet 4
SMALL_BLIND = 1  # draws
BIG_BLIND = 2
RAISE_CAP = 4  # holecards' default: a bet (or completion) and four raises
FOLD_BELOW = 0.15  # facing a bet: fold when random() < 0.15
RAISE_FROM = 0.75  # bet, raise or complete when random() >= 0.75 (25%), when allowed
DISCARD_P = 1 / 3  # in a draw, each card thrown with this probability

# (code, label, pokerkit class name, stud?)
GAMES: List[Tuple[str, str, str, bool]] = [
    ("stud", "seven-card stud", "FixedLimitSevenCardStud", True),
    (
        "stud-hi-lo",
        "stud hi/lo (eight or better)",
        "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
        True,
    ),
    ("razz", "razz", "FixedLimitRazz", True),
    (
        "2-7-triple-draw",
        "2-7 triple draw (fixed limit)",
        "FixedLimitDeuceToSevenLowballTripleDraw",
        False,
    ),
    (
        "2-7-single-draw",
        "2-7 single draw (no limit)",
        "NoLimitDeuceToSevenLowballSingleDraw",
        False,
    ),
    ("badugi", "badugi (fixed limit)", "FixedLimitBadugi", False),
]

# decisions, draws (counted in the timed loops)
Counts = List[int]


# --------------------------------------------------------------------------- holecards


def hc_rules(code: str) -> Any:
    if code in ("stud", "stud-hi-lo", "razz"):
        return Rules.stud(
            game=code,
            ante=ANTE,
            bring_in=BRING_IN,
            small_bet=SMALL_BET,
            heads_up_uncapped=False,
        )
    if code == "2-7-single-draw":
        return Rules.no_limit(small_blind=SMALL_BLIND, big_blind=BIG_BLIND, game=code)
    return Rules.fixed_limit(
        small_blind=SMALL_BLIND, big_blind=BIG_BLIND, game=code, heads_up_uncapped=False
    )


def hc_play(rules: Any, n: int, seed: int, counts: Counts) -> Callable[[], None]:
    """The timed holecards loop: ``n`` hands of the random policy, payoffs read."""
    base = (seed % (1 << 40)) << 20

    def run() -> None:
        rng = random.Random(seed)
        rnd = rng.random
        randint = rng.randint
        stacks = [STACK] * PLAYERS
        decisions = draws = 0
        for i in range(n):
            hand = Hand(rules, stacks, button=i % PLAYERS, seed=base + i)
            legal = hand.legal_actions
            la = legal()
            while la is not None:
                decisions += 1
                if la.draw:
                    draws += 1
                    hand.discard([c for c in hand.hole_cards(la.seat) if rnd() < DISCARD_P])
                elif la.bring_in:
                    if rnd() >= RAISE_FROM and (lo := la.min_raise_to) is not None:
                        hand.bet_or_raise_to(lo)
                    else:
                        hand.bring_in()
                else:
                    r = rnd()
                    if r < FOLD_BELOW and la.call_amount:
                        hand.fold()
                    elif r >= RAISE_FROM and (lo := la.min_raise_to) is not None:
                        # max_raise_to is None only when min_raise_to is
                        hi = la.max_raise_to
                        hand.bet_or_raise_to(lo if lo == hi else randint(lo, hi))  # type: ignore[arg-type]
                    else:
                        hand.check_or_call()
                la = legal()
            hand.payoffs  # noqa: B018 (read for its side effect)
        counts[:] = [decisions, draws]

    return run


# --------------------------------------------------------------------------- pokerkit


def pk_game(pokerkit: Any, code: str, cls_name: str, stud: bool) -> Any:
    """pokerkit's game object (made once; ``game(stacks, players)`` deals a state)."""
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
    native = getattr(pokerkit, cls_name)
    mode = pokerkit.Mode.TOURNAMENT
    if stud:
        # a completion and four raises (tests/test_pokerkit_stud.py S3): pokerkit's
        # count includes the completion or opening bet
        cls = type(
            f"{native.__name__}Count{RAISE_CAP + 1}",
            (native,),
            {"max_completion_betting_or_raising_count": RAISE_CAP + 1},
        )
        return cls(automations, True, ANTE, BRING_IN, SMALL_BET, 2 * SMALL_BET, mode=mode)
    if code == "2-7-single-draw":
        return native(automations, True, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND, mode=mode)
    game = native(
        automations, True, 0, (SMALL_BLIND, BIG_BLIND), SMALL_BET, 2 * SMALL_BET, mode=mode
    )
    # the big blind and four raises before the draw, a bet and four raises after each
    # draw (tests/test_pokerkit_draw.py D1)
    game.streets = tuple(
        replace(street, max_completion_betting_or_raising_count=RAISE_CAP + (i > 0))
        for i, street in enumerate(game.streets)
    )
    return game


def pk_play(game: Any, n: int, seed: int, counts: Counts) -> Callable[[], None]:
    """The timed pokerkit loop: the same policy, pokerkit dealing its own cards."""

    def run() -> None:
        random.seed(seed)  # pokerkit shuffles its deck with the global random module
        rng = random.Random(seed)
        rnd = rng.random
        randint = rng.randint
        starting = (STACK,) * PLAYERS
        decisions = draws = 0
        for _ in range(n):
            st = game(starting, PLAYERS)
            while st.status:
                decisions += 1
                drawer = st.stand_patter_or_discarder_index
                if drawer is not None:
                    draws += 1
                    st.stand_pat_or_discard([c for c in st.hole_cards[drawer] if rnd() < DISCARD_P])
                elif st.can_post_bring_in():
                    if (
                        rnd() >= RAISE_FROM
                        and (lo := st.min_completion_betting_or_raising_to_amount) is not None
                    ):
                        st.complete_bet_or_raise_to(lo)
                    else:
                        st.post_bring_in()
                else:
                    amount = st.checking_or_calling_amount
                    r = rnd()
                    if r < FOLD_BELOW and amount:
                        st.fold()
                    elif (
                        r >= RAISE_FROM
                        and (lo := st.min_completion_betting_or_raising_to_amount) is not None
                    ):
                        hi = st.max_completion_betting_or_raising_to_amount
                        st.complete_bet_or_raise_to(lo if lo == hi else randint(lo, hi))
                    else:
                        st.check_or_call()
            st.payoffs  # noqa: B018 (read for its side effect)
        counts[:] = [decisions, draws]

    return run


# --------------------------------------------------------------------------- main


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = peer_parser(
        __doc__,
        [
            ("--hands", 20_000, "holecards hands per timed loop, per game"),
            ("--pk-hands", 300, "pokerkit hands per timed loop, per game"),
            ("--seed", 20240607, "seed of the policy and the deals"),
            ("--repeats", 5, "timed repeats for holecards, best kept"),
            ("--pk-repeats", 3, "timed repeats for pokerkit"),
        ],
    )
    codes = [g[0] for g in GAMES]
    p.add_argument(
        "--games",
        default=",".join(codes),
        help=f"comma-separated games to run (default all: {','.join(codes)})",
    )
    args = p.parse_args(argv)
    if min(args.hands, args.pk_hands, args.repeats, args.pk_repeats) < 1:
        p.error("--hands, --pk-hands, --repeats and --pk-repeats must be positive")
    chosen = [c.strip() for c in args.games.split(",") if c.strip()]
    unknown = [c for c in chosen if c not in codes]
    if unknown or not chosen:
        p.error(f"unknown game(s) {unknown}: choose among {codes}")
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
    warnings.simplefilter("ignore")  # pokerkit's warnings (a reshuffled stub) would only slow it

    n, m = args.hands, args.pk_hands
    results: List[Dict[str, Any]] = []
    for code, label, cls_name, stud in GAMES:
        if code not in chosen:
            continue
        row: Dict[str, Any] = {"game": code, "label": label}
        rules = hc_rules(code)
        counts: Counts = [0, 0]
        times = best_of(
            hc_play(rules, n, seed, counts), args.repeats, hc_play(rules, min(n, 2000), seed, [])
        )
        row["holecards"] = {
            "hands": n,
            "times_s": times,
            "best_s": min(times),
            "hands_per_s": n / min(times),
            "decisions_per_hand": counts[0] / n,
            "draws_per_hand": counts[1] / n,
        }
        if pokerkit is not None:
            game = pk_game(pokerkit, code, cls_name, stud)
            pk_counts: Counts = [0, 0]
            times = best_of(
                pk_play(game, m, seed, pk_counts),
                args.pk_repeats,
                pk_play(game, min(m, 20), seed, []),
            )
            row["pokerkit"] = {
                "class": cls_name,
                "hands": m,
                "times_s": times,
                "best_s": min(times),
                "hands_per_s": m / min(times),
                "decisions_per_hand": pk_counts[0] / m,
                "draws_per_hand": pk_counts[1] / m,
            }
            row["holecards_over_pokerkit"] = (
                row["holecards"]["hands_per_s"] / row["pokerkit"]["hands_per_s"]
            )
            # untimed: holecards over pokerkit's hands (the same policy stream)
            same: Counts = [0, 0]
            hc_play(rules, m, seed, same)()
            row["same_decisions_over_pokerkit_hands"] = same == pk_counts
        results.append(row)
        print(f"  {code}: done ({time.perf_counter() - t_start:.0f} s)", file=sys.stderr)
    total_s = time.perf_counter() - t_start

    # ---- output
    print(
        f"## Random-action 6-player stud and draw hands from Python: holecards vs pokerkit "
        f"(stacks {STACK}, seed {seed})\n"
    )
    print(machine_line(mi))
    print(versions_line(versions) + "\n")
    print(
        f"Policy: owing the bring-in, complete {1 - RAISE_FROM:.0%}; facing a bet, fold "
        f"{FOLD_BELOW:.0%}; bet/raise {1 - RAISE_FROM:.0%} when allowed (no limit: to a uniform "
        f"legal amount); else check/call; in a draw each card thrown with probability "
        f"{DISCARD_P:.2f}. Stud: ante {ANTE}, bring-in {BRING_IN}, bets {SMALL_BET}/{2 * SMALL_BET}; "
        f"draws: blinds {SMALL_BLIND}/{BIG_BLIND}, fixed-limit bets {SMALL_BET}/{2 * SMALL_BET}. "
        f"holecards best of {args.repeats} x {n:,} hands, pokerkit best of {args.pk_repeats} x "
        f"{m:,} hands.\n"
    )
    headers = [
        "game",
        "holecards hands/s",
        "µs/hand",
        "pokerkit hands/s",
        "ms/hand",
        "holecards ÷ pokerkit",
        "decisions/hand",
        "draws/hand",
    ]
    rows: List[List[Any]] = []
    for r in results:
        hc = r["holecards"]
        pk = r.get("pokerkit")
        rows.append(
            [
                r["label"],
                fmt_rate(hc["hands_per_s"]),
                f"{hc['best_s'] / hc['hands'] * 1e6:,.1f}",
                fmt_rate(pk["hands_per_s"]) if pk else "n/a",
                f"{pk['best_s'] / pk['hands'] * 1e3:,.2f}" if pk else "n/a",
                ratio(hc["hands_per_s"], pk["hands_per_s"] if pk else None, ",.0f"),
                f"{hc['decisions_per_hand']:.2f}",
                f"{hc['draws_per_hand']:.2f}",
            ]
        )
    print(table(headers, rows, right=range(1, 8)))
    print(
        "\n(decisions: every call the policy makes in a hand, draws included, in holecards' "
        "hands.)\n"
    )
    if pokerkit is not None:
        differ = [r["game"] for r in results if not r["same_decisions_over_pokerkit_hands"]]
        print(
            f"Over pokerkit's {m:,} hands, holecards took as many decisions and draws: "
            + (f"not in {', '.join(differ)}" if differ else "yes, in every game")
            + ".\n"
        )
    low = [r for r in results if r.get("holecards_over_pokerkit", 1e9) < 100]
    if pokerkit is not None:
        if low:
            print(
                "Below 100x pokerkit: "
                + ", ".join(f"{r['game']} ({r['holecards_over_pokerkit']:.0f}x)" for r in low)
                + "\n"
            )
        else:
            print("Every game at 100x pokerkit or more.\n")
    if pk_missing:
        print(f"Note: {pk_missing}.")
    print(f"(total {total_s:.1f} s)")

    if args.json:
        write_json(
            args.json,
            {
                "seed": seed,
                "hands": n,
                "pk_hands": m,
                "repeats": args.repeats,
                "pk_repeats": args.pk_repeats,
                "machine": mi,
                "versions": versions,
                "policy": {
                    "fold_below": FOLD_BELOW,
                    "raise_from": RAISE_FROM,
                    "discard_probability": DISCARD_P,
                },
                "stakes": {
                    "players": PLAYERS,
                    "stack": STACK,
                    "ante": ANTE,
                    "bring_in": BRING_IN,
                    "small_bet": SMALL_BET,
                    "blinds": [SMALL_BLIND, BIG_BLIND],
                },
                "games": results,
                "total_s": total_s,
            },
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
