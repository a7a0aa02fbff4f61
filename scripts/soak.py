"""A soak of the long-running surfaces, and a timed fuzz of every text parser.

    python scripts/soak.py [--seconds S] [--fuzz-seconds F] [--seed N]

The soak loops for S seconds (and until a million hands have gone through
tables and ten million through ``simulate``) over the surfaces a long-running program uses
(hands through ``Table.play`` and ``Tournament.play``, ``simulate``, equity
questions, PHH text and files written and read back) and samples the
process's resident memory once a second. After a warm-up (the first quarter
of the samples), memory must stay flat: the last sample may exceed the
warm-up's highest by at most ``--max-growth`` MiB (16 by default: a leak of 16 bytes a hand shows). The report gives the
hands played and the memory samples.

The fuzz drives the Hypothesis properties in ``tests/fuzz_targets.py`` (the
PHH reader, the TOML layer under it, range notation, card text) with
``fuzz_one_input`` for F seconds each, from random bytes seeded by ``--seed``
(printed, so a run can be repeated). Any exception other than the
property's own clean refusal fails the run, and Hypothesis prints the
failing example.

Exits 0 when every check held, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path
from typing import Callable, List

import holecards as hc
from holecards import phh

ROOT = Path(__file__).resolve().parent.parent


def rss_mib() -> float:
    """Resident memory of this process in MiB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


class Soak:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.rules = hc.Rules.no_limit(small_blind=1, big_blind=2, ante=1)
        self.table = hc.Table(self.rules, seats=6, seed=seed)
        for s in range(6):
            self.table.sit(s, 200)
        self.tournament = self._tournament()
        self.counts = {
            "table hands": 0,
            "tournament hands": 0,
            "simulated hands": 0,
            "equity questions": 0,
            "PHH round trips": 0,
        }
        self.sample = (ROOT / "python" / "holecards" / "data" / "sample.phhs").read_text()

    def _tournament(self) -> hc.Tournament:
        return hc.Tournament(
            levels=[(10, 20), (15, 30), (25, 50, 5), (50, 100, 10)],
            stacks=[1500] * 6,
            payouts=[650, 350],
            hands_per_level=10,
            seed=self.rng.randrange(2**63),
        )

    def bot(self, view: hc.SeatView) -> "tuple[str, int]":
        legal = view.legal_actions()
        r = self.rng.random()
        if legal is not None and legal.can_raise and r < 0.15:
            low, high = legal.min_raise_to or 0, legal.max_raise_to or 0
            return ("raise", self.rng.randint(low, min(high, low * 3)))
        if legal is not None and legal.can_fold and r > 0.85:
            return ("fold", 0)
        return ("call", 0)

    @staticmethod
    def station(view: hc.SeatView) -> "tuple[str, int]":
        return ("call", 0)

    def table_hands(self, n: int) -> None:
        for i in range(n):
            self.table.play(self.bot if i % 8 == 0 else self.station)
            for s, stack in enumerate(self.table.stacks):
                if stack is None:
                    self.table.sit(s, 200)
            self.counts["table hands"] += 1

    def tournament_hands(self, n: int) -> None:
        for _ in range(n):
            if self.tournament.is_over:
                self.tournament = self._tournament()
            self.tournament.play(self.bot)
            self.counts["tournament hands"] += 1

    def simulate(self) -> None:
        r = hc.simulate(
            ["random", "station", "tag", "random"],
            hands=1_000_000,
            seed=self.rng.randrange(2**63),
            threads=1,
        )
        self.counts["simulated hands"] += r.hands

    def equity(self) -> None:
        hc.equity(["AhKh", "QsQd"], board="2c7d9h")
        hc.equity(["AhKh", "TT+,AQs+", "random"], trials=20_000, seed=self.rng.randrange(2**63))
        self.counts["equity questions"] += 2

    def phh_round_trip(self, tmp: Path) -> None:
        hands = phh.loads(self.sample)
        text = phh.dumps(hands[self.rng.randrange(len(hands))])
        again = phh.loads(text)
        phh.dump(again[0], tmp)
        assert [h.to_dict() for h in phh.load(tmp)] == [h.to_dict() for h in again], (
            "a PHH file written and read back differs"
        )
        played = hands[0].replay()
        again_played = phh.loads(phh.dumps(played))[0].replay()
        assert (
            again_played.history == played.history
            and again_played.final_stacks == played.final_stacks
        ), "a replayed hand written and read back replays differently"
        self.counts["PHH round trips"] += 1


def soak(
    seconds: float, table_hands: int, sim_hands: int, seed: int, max_growth: float, tmp: Path
) -> bool:
    s = Soak(seed)
    samples: List[float] = []
    start = time.monotonic()
    done = threading.Event()

    def sampler() -> None:
        while not done.wait(1.0):
            samples.append(rss_mib())

    watcher = threading.Thread(target=sampler, daemon=True)
    watcher.start()
    # Each round: 4,000 hands at the table; every 5th round also a hundred
    # tournament hands, two equity questions and a PHH round trip; every
    # 25th round a million simulated hands.
    every5: List[Callable[[], None]] = [
        lambda: s.tournament_hands(100),
        s.equity,
        lambda: s.phh_round_trip(tmp),
    ]
    i = 0

    def more() -> bool:
        c = s.counts
        return (
            time.monotonic() - start < seconds
            or c["table hands"] + c["tournament hands"] < table_hands
            or c["simulated hands"] < sim_hands
        )

    while more():
        s.table_hands(4000)
        if i % 5 == 0:
            for step in every5:
                step()
        if i % 25 == 0:
            s.simulate()
        i += 1
    done.set()
    watcher.join()
    samples.append(rss_mib())
    print(
        f"soak: {time.monotonic() - start:.0f} s, seed {seed}: "
        + ", ".join(f"{v:,} {k}" for k, v in s.counts.items())
    )
    warm = max(1, len(samples) // 4)
    ceiling = max(samples[:warm])
    growth = samples[-1] - ceiling
    shown = (
        samples if len(samples) <= 12 else samples[:: max(1, len(samples) // 12)] + [samples[-1]]
    )
    print(
        f"soak: resident memory (MiB, sampled each second; {len(samples)} samples): "
        + " ".join(f"{v:.0f}" for v in shown)
    )
    print(
        f"soak: after warm-up: highest {ceiling:.1f} MiB, last {samples[-1]:.1f} MiB, growth {growth:+.1f} MiB (limit {max_growth:g})"
    )
    return growth <= max_growth


def fuzz(seconds: float, seed: int) -> bool:
    sys.path.insert(0, str(ROOT / "tests"))
    import fuzz_targets

    ok = True
    rng = random.Random(seed)
    for name, target in fuzz_targets.TARGETS.items():
        start = time.monotonic()
        runs = 0
        while time.monotonic() - start < seconds:
            data = rng.randbytes(rng.choice([16, 64, 256, 1024, 4096]))
            try:
                target.hypothesis.fuzz_one_input(data)
            except Exception as e:  # noqa: BLE001 - any failure of the property is reported
                print(
                    f"fuzz: {name} FAILED on input {data.hex()[:200]}...: {type(e).__name__}: {e}"
                )
                ok = False
                break
            runs += 1
        print(f"fuzz: {name}: {runs:,} inputs in {time.monotonic() - start:.0f} s")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--seconds", type=float, default=60.0, help="the soak's shortest run (default 60)"
    )
    ap.add_argument(
        "--table-hands",
        type=int,
        default=1_000_000,
        help="hands through Table and Tournament, at least (default 1,000,000)",
    )
    ap.add_argument(
        "--sim-hands",
        type=int,
        default=10_000_000,
        help="hands through simulate, at least (default 10,000,000)",
    )
    ap.add_argument(
        "--fuzz-seconds",
        type=float,
        default=15.0,
        help="how long each fuzz target runs (default 15)",
    )
    ap.add_argument("--seed", type=int, default=None, help="the seed (default: drawn and printed)")
    ap.add_argument(
        "--max-growth",
        type=float,
        default=16.0,
        help="MiB the memory may grow after warm-up (default 16)",
    )
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"soak and fuzz: seed {seed} (repeat with --seed {seed})")
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        ok = (
            soak(
                args.seconds,
                args.table_hands,
                args.sim_hands,
                seed,
                args.max_growth,
                Path(d) / "hand.phh",
            )
            if args.seconds > 0
            else True
        )
    ok = fuzz(args.fuzz_seconds, seed) and ok if args.fuzz_seconds > 0 else ok
    print("soak and fuzz: " + ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
