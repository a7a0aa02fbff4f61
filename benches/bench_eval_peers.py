"""Side-by-side 7-card hand evaluation from Python: holecards vs eval7, phevaluator, treys.

Usage: with holecards installed, ``pip install eval7==0.1.11 phevaluator==0.6.0
treys==0.1.8`` (the ``bench`` extra pins the same) and run ``python
benches/bench_eval_peers.py`` (defaults ``--n 200000 --seed 20240607 --repeats
5``; ``--json PATH`` also writes the raw numbers). It deals N random 7-card hands
from the fixed seed and converts them up front, untimed, into each library's own
card objects or ints; then times, with ``time.perf_counter`` and best of
``--repeats`` after a warm-up, a plain Python loop calling each library's 7-card
evaluator once per hand (the garbage collector is run before and disabled during each
timed loop, as ``timeit`` does, so no row pays for collecting the others' millions of
pre-built card lists), and ``holecards.evaluate_many`` on the whole array with
``threads=1`` and ``threads=None``, repeated back to back so each timed sample lasts
about 0.2 s (no peer has a batch API: n/a). A peer that is not installed is skipped
with a note. Output: a markdown table of evaluations per second, the ratio to eval7's
single call and holecards' single call divided by each row, with the machine and the
library versions. It only measures: that every peer orders hands as holecards does
(and that ``7463 - value`` is phevaluator's and treys' number) is tested by
``tests/test_evaluator_peers.py``, with the peers installed.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np

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

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STR = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]  # index = rank * 4 + suit


# --------------------------------------------------------------------------- peers


def load_peers() -> Dict[str, Any]:
    """Import each peer; a peer that is not installed maps to the reason."""
    peers: Dict[str, Any] = {}
    for name in ("eval7", "phevaluator", "treys"):
        try:
            peers[name] = __import__(name)
        except Exception as exc:  # ImportError, or a broken build
            peers[name] = f"not available ({type(exc).__name__}: {exc})"
    return peers


# --------------------------------------------------------------------------- hands


def deal_hands(n: int, seed: int) -> np.ndarray:
    """``n`` rows of 7 distinct card indices, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    chunk = 50_000
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        # The first 7 of a random permutation of the deck, per row.
        out[start : start + m] = np.argsort(rng.random((m, 52)), axis=1)[:, :7]
    return out


class Case:
    """One timed row of the table: a library, a mode and a loop to time."""

    def __init__(
        self, library: str, mode: str, run: Callable[[], None], count: int, note: str = ""
    ) -> None:
        self.library = library
        self.mode = mode
        self.run = run
        self.count = count
        self.note = note
        self.times: List[float] = []

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def rate(self) -> float:
        return self.count / self.best


def time_case(case: Case, repeats: int, warmup: Optional[Callable[[], None]]) -> None:
    case.times.extend(best_of(case.run, repeats, warmup))


# --------------------------------------------------------------------------- single-call loops
# Each loop calls the evaluator once per hand and throws the result away, so every
# library pays the same Python loop overhead and no one keeps a growing result list.


def loop_holecards(hands: Sequence[List[Any]]) -> Callable[[], None]:
    evaluate = holecards.evaluate

    def run() -> None:
        for h in hands:
            evaluate(h)

    return run


def loop_eval7(eval7: Any, hands: Sequence[List[Any]]) -> Callable[[], None]:
    evaluate = eval7.evaluate

    def run() -> None:
        for h in hands:
            evaluate(h)

    return run


def loop_star(fn: Callable[..., int], hands: Sequence[Sequence[int]]) -> Callable[[], None]:
    def run() -> None:
        for h in hands:
            fn(*h)

    return run


def loop_treys(evaluator: Any, hands: Sequence[Any]) -> Callable[[], None]:
    evaluate = evaluator.evaluate

    def run() -> None:
        for hole, board in hands:
            evaluate(hole, board)

    return run


def loop_batch(arr: np.ndarray, threads: Optional[int], calls: int = 1) -> Callable[[], None]:
    evaluate_many = holecards.evaluate_many

    def run() -> None:
        for _ in range(calls):
            evaluate_many(arr, threads=threads)

    return run


def batch_calls(arr: np.ndarray, threads: Optional[int], target_s: float = 0.2) -> int:
    """How many back-to-back batch calls make one timed sample of about ``target_s``.

    One call over 200k hands takes about a millisecond, too short to time alone
    (and ``threads=None`` then mostly measures waking the thread pool).
    """
    for _ in range(3):  # warm up, starting the thread pool if any
        holecards.evaluate_many(arr, threads=threads)
    t0 = time.perf_counter()
    holecards.evaluate_many(arr, threads=threads)
    one = max(time.perf_counter() - t0, 1e-6)
    return max(1, int(target_s / one))


# --------------------------------------------------------------------------- main


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = peer_parser(
        __doc__,
        [
            ("--n", 200_000, "number of random 7-card hands"),
            ("--seed", 20240607, "seed for the hands"),
            ("--repeats", 5, "timed repeats per row, best kept"),
        ],
    )
    args = p.parse_args(argv)
    if args.n < 1 or args.repeats < 1:
        p.error("--n and --repeats must be positive")

    peers = load_peers()
    versions = {
        "holecards": getattr(holecards, "__version__", version("holecards")),
        "numpy": np.__version__,
    }
    notes: List[str] = []
    for name, mod in peers.items():
        if isinstance(mod, str):
            versions[name] = "missing"
            notes.append(f"{name}: {mod}; skipped")
        else:
            versions[name] = version(name)

    t_setup = time.perf_counter()
    arr = deal_hands(args.n, args.seed)
    rows = arr.tolist()

    # Convert up front (not timed). The 52 card objects are built once and shared, as
    # a caller holding a deck of card objects would.
    inputs: Dict[str, Any] = {}
    hc52 = [holecards.Card(i) for i in range(52)]
    inputs["holecards"] = [[hc52[c] for c in r] for r in rows]
    inputs["holecards_int"] = rows  # plain int lists, same call, no Card objects
    if not isinstance(peers["eval7"], str):
        e752 = [peers["eval7"].Card(s) for s in CARD_STR]
        inputs["eval7"] = [[e752[c] for c in r] for r in rows]
    if not isinstance(peers["phevaluator"], str):
        # phevaluator's card id is also rank * 4 + suit with suits c, d, h, s.
        inputs["phevaluator"] = rows
    if not isinstance(peers["treys"], str):
        tr52 = [peers["treys"].Card.new(s) for s in CARD_STR]
        # treys 0.1.8: Evaluator.evaluate(hand, board), two hole cards and a board.
        inputs["treys"] = [([tr52[c] for c in r[:2]], [tr52[c] for c in r[2:]]) for r in rows]
    setup_s = time.perf_counter() - t_setup

    n = args.n
    w = min(n, 2000)  # warm-up slice
    cases: List[Case] = []

    def add(case: Case, warm: Optional[Callable[[], None]]) -> None:
        time_case(case, args.repeats, warm)
        cases.append(case)

    add(
        Case("holecards", "single: evaluate(list[Card])", loop_holecards(inputs["holecards"]), n),
        loop_holecards(inputs["holecards"][:w]),
    )
    add(
        Case(
            "holecards", "single: evaluate(list[int])", loop_holecards(inputs["holecards_int"]), n
        ),
        loop_holecards(inputs["holecards_int"][:w]),
    )
    if "eval7" in inputs:
        e7 = peers["eval7"]
        add(
            Case("eval7", "single: evaluate(list[Card])", loop_eval7(e7, inputs["eval7"]), n),
            loop_eval7(e7, inputs["eval7"][:w]),
        )
    if "phevaluator" in inputs:
        ph = peers["phevaluator"]
        add(
            Case(
                "phevaluator",
                "single: evaluate_cards(*ints)",
                loop_star(ph.evaluate_cards, inputs["phevaluator"]),
                n,
            ),
            loop_star(ph.evaluate_cards, inputs["phevaluator"][:w]),
        )
        raw = getattr(getattr(ph, "_pheval", None), "evaluate_7cards", None)
        if raw is None:
            try:
                from phevaluator import _pheval  # type: ignore

                raw = _pheval.evaluate_7cards
            except Exception:
                raw = None
        if raw is not None:
            add(
                Case(
                    "phevaluator",
                    "single: _pheval.evaluate_7cards(*ints)",
                    loop_star(raw, inputs["phevaluator"]),
                    n,
                    note="private C entry point, skips the public wrapper's per-card conversion",
                ),
                loop_star(raw, inputs["phevaluator"][:w]),
            )
    if "treys" in inputs:
        ev = peers["treys"].Evaluator()
        add(
            Case(
                "treys",
                "single: Evaluator().evaluate(hand, board)",
                loop_treys(ev, inputs["treys"]),
                n,
            ),
            loop_treys(ev, inputs["treys"][:w]),
        )
    for threads in (1, None):
        calls = batch_calls(arr, threads)
        add(
            Case(
                "holecards",
                f"batch: evaluate_many(threads={threads})",
                loop_batch(arr, threads, calls),
                n * calls,
                note=f"{calls} back-to-back calls on the whole (n, 7) array per timed sample",
            ),
            None,
        )
    for name in ("eval7", "phevaluator", "treys"):
        if name in inputs:
            cases.append(Case(name, "batch: n/a (no batch API)", lambda: None, 0))

    # ---- table
    ref = next(
        (c for c in cases if c.library == "eval7" and c.mode.startswith("single") and c.times), None
    )
    hc_single = next(
        c for c in cases if c.library == "holecards" and c.mode == "single: evaluate(list[Card])"
    )
    mi = machine_info()

    print(
        f"## Hand evaluation from Python: {n:,} random 7-card hands (seed {args.seed}), best of {args.repeats}\n"
    )
    print(machine_line(mi, processor=True))
    print(versions_line(versions) + "\n")
    rows: List[List[str]] = []
    for c in cases:
        if not c.times:
            rows.append([c.library, c.mode, "n/a", "n/a", "n/a"])
            continue
        rows.append(
            [
                c.library,
                c.mode,
                fmt_rate(c.rate),
                ratio(c.rate, ref.rate if ref else None),
                ratio(hc_single.rate, c.rate),
            ]
        )
    headers = ["library", "mode", "evaluations/s", "vs eval7 single", "holecards single ÷ this"]
    print(table(headers, rows, right=(2, 3, 4)))
    print()
    for c in cases:
        if c.note:
            print(f"Note: {c.library} {c.mode.split(': ', 1)[-1]}: {c.note}.")
    for note in notes:
        print(f"Note: {note}.")
    total = setup_s + sum(sum(c.times) for c in cases)
    print(f"(setup {setup_s:.1f} s, timed loops {total - setup_s:.1f} s)")

    if args.json:
        data = {
            "n": n,
            "seed": args.seed,
            "repeats": args.repeats,
            "machine": mi,
            "versions": versions,
            "results": [
                {
                    "library": c.library,
                    "mode": c.mode,
                    "count": c.count,
                    "times_s": c.times,
                    "best_s": c.best if c.times else None,
                    "evals_per_s": c.rate if c.times else None,
                    "vs_eval7_single": (c.rate / ref.rate) if (c.times and ref) else None,
                    "holecards_single_over_this": (hc_single.rate / c.rate) if c.times else None,
                    "note": c.note,
                }
                for c in cases
            ],
            "notes": notes,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
