"""Replay hands recorded in the Poker Hand History (PHH) format through holecards.

Used by ``tests/test_phh_replay.py``; run as a script for a summary of a corpus:

    python tests/phh_replay.py [CORPUS_DIR]

Mapping (see ``/shared/phh/README.md`` and ``spec/required.rst``):

* PHH players ``p1..pn`` become seats ``0..n-1``; the button is the last seat, so
  ``p1`` is the seat left of the button (the small blind) and, heads-up, the
  button ``p2`` posts the small blind, which is what "the forced-bet arrays are
  reversed heads-up" means (``blinds_or_straddles[0]`` is the small blind in
  both cases, ``[1]`` the big blind).
* ``blinds_or_straddles``: entries 0 and 1 are the blinds; non-zero entries
  from index 2 on (contiguous, under the gun first) are straddles.
* ``antes``: all equal gives a uniform ante; only entry 1 (the big blind's)
  non-zero gives a big-blind ante (dead money, as our engine plays it).
  Anything else (a button ante, ragged antes) is unsupported.
* Amounts in dollars and cents (the HandHQ sample) are scaled by the smallest
  power of ten that makes every input amount a whole number of chips.
* Known hole cards and the board are given to ``Hand``; unknown ones (``????``)
  stay ``None`` and are dealt from a seed fixed per hand (a card shown with
  ``sm`` later fills in an unknown deal).
* ``cbr X`` is ``bet_or_raise_to(X)`` (a street total), ``cc`` is
  ``check_or_call()``, ``f`` is ``fold()``; ``sm`` is not an engine action
  (our engine shows every hand still in).  Before every player action the
  seat PHH names must be our ``actor``.
"""

from __future__ import annotations

import os
import sys
import tomllib
import zlib
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import holecards

from reference_game import stacks_from_engine_pots

HOLDEM_VARIANTS = {"NT": "no-limit", "FT": "fixed-limit"}
#: Non-hold'em codes of the PHH spec (``spec/required.rst``); PO is Omaha.
OTHER_VARIANTS = {
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha",
    "FO/8": "fixed-limit Omaha hi/lo",
    "F7S": "seven card stud",
    "F7S/8": "seven card stud hi/lo",
    "FR": "razz",
    "N2L1D": "2-7 single draw",
    "F2L3D": "2-7 triple draw",
    "FB": "badugi",
}

#: Pluribus hands that record a split pot as half chips (phh/README.md).
KNOWN_HALF_CHIP = {"pluribus/41b/204.phh", "pluribus/102/0.phh", "pluribus/88/128.phh"}


def corpus_dir() -> Path:
    env = os.environ.get("HOLECARDS_PHH")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared" / "phh"


# --------------------------------------------------------------------------
# Loading


@dataclass
class Record:
    name: str  # path relative to corpus/ (plus "#section" inside a .phhs)
    data: dict


def _load_toml(path: Path) -> dict:
    with open(path, "rb") as fh:
        return tomllib.load(fh, parse_float=Decimal)


def load_records(root: Path, pattern: str = "**/*.phh*") -> list[Record]:
    """Every hand under ``root/corpus`` (``.phh`` files and ``.phhs`` sections)."""
    base = root / "corpus"
    out: list[Record] = []
    for path in sorted(base.glob(pattern)):
        rel = path.relative_to(base).as_posix()
        out.extend(load_file(path, rel))
    return out


def load_file(path: Path, rel: str) -> list[Record]:
    data = _load_toml(path)
    if path.suffix == ".phhs":
        return [Record(f"{rel}#{key}", sect) for key, sect in data.items()]
    return [Record(rel, data)]


# --------------------------------------------------------------------------
# Mapping a record to Rules and Hand


class Unsupported(Exception):
    """The hand is not one holecards plays (the reason is the message)."""


@dataclass
class Plan:
    rules: holecards.Rules
    stacks: list[int]
    hole: list[object]  # per seat: "AhKd" or None (unknown)
    board: list[str]
    actions: list[tuple[int, str, int | None]]  # (seat, "f"|"cc"|"cbr", amount)
    scale: int
    seed: int
    finishing: list[Fraction] | None  # in chips (scaled), exact
    winnings: list[Fraction] | None
    mucked: set[int] = field(default_factory=set)


def _num(x) -> Decimal:
    if isinstance(x, bool) or not isinstance(x, (int, Decimal)):
        raise Unsupported(f"not a number: {x!r}")
    d = Decimal(x)
    if not d.is_finite():
        raise Unsupported(f"unknown amount {x!r}")
    return d


def _split_cards(s: str) -> list[str]:
    if len(s) % 2:
        raise ValueError(f"bad cards {s!r}")
    return [s[i : i + 2] for i in range(0, len(s), 2)]


def _parse_actions(raw: list[str], n: int):
    """Yield (kind, seat, args) for every non-comment action."""
    for line in raw:
        body = line.split("#", 1)[0].split()
        if not body:
            continue
        actor, verb, *args = body
        if actor == "d":
            if verb == "dh":
                yield "dh", int(args[0][1:]) - 1, args[1:]
            elif verb == "db":
                yield "db", None, args
            else:
                raise Unsupported(f"dealer action {line!r}")
        else:
            if not actor.startswith("p"):
                raise ValueError(f"bad actor in {line!r}")
            seat = int(actor[1:]) - 1
            if not 0 <= seat < n:
                raise ValueError(f"no player {actor} in {line!r}")
            yield verb, seat, args


def plan(rec: Record) -> Plan:
    d = rec.data
    variant = d.get("variant")
    if variant not in HOLDEM_VARIANTS:
        raise Unsupported(f"variant {variant!r} ({OTHER_VARIANTS.get(variant, 'unknown')})")
    n = len(d["starting_stacks"])
    antes = [_num(a) for a in d["antes"]]
    blinds = [_num(b) for b in d["blinds_or_straddles"]]
    stacks = [_num(s) for s in d["starting_stacks"]]
    if len(antes) != n or len(blinds) != n:
        raise ValueError("antes/blinds length differs from starting_stacks")
    extra = [_num(d[k]) for k in ("min_bet", "small_bet", "big_bet") if k in d]

    raw = list(_parse_actions(d["actions"], n))
    amounts = [_num(Decimal(a[0])) for kind, _s, a in raw if kind == "cbr"]

    # The smallest power of ten that makes every input amount whole.
    scale = 1
    while any((v * scale) % 1 for v in antes + blinds + stacks + extra + amounts):
        scale *= 10
        if scale > 10**6:
            raise Unsupported("amounts are not decimal chips")

    def chips(v: Decimal) -> int:
        return int(v * scale)

    antes_i = [chips(a) for a in antes]
    blinds_i = [chips(b) for b in blinds]
    stacks_i = [chips(s) for s in stacks]

    # Forced bets.
    sb, bb = blinds_i[0], blinds_i[1]
    rest = blinds_i[2:]
    k = 0
    while k < len(rest) and rest[k]:
        k += 1
    if any(rest[k:]):
        raise Unsupported(f"blinds_or_straddles {blinds_i} (a straddle not under the gun)")
    straddles = tuple(rest[:k])
    kw: dict = {"small_blind": sb, "big_blind": bb, "straddles": straddles}
    if all(a == antes_i[0] for a in antes_i):
        kw["ante"] = antes_i[0]
    elif all(a == 0 for i, a in enumerate(antes_i) if i != 1):
        kw["big_blind_ante"] = antes_i[1]
    else:
        raise Unsupported(f"antes {antes_i} (neither uniform nor a big-blind ante)")

    if variant == "NT":
        if chips(_num(d["min_bet"])) != bb:
            raise Unsupported(f"min_bet {d['min_bet']} differs from the big blind")
        rules = holecards.Rules.no_limit(**kw)
    else:
        rules = holecards.Rules.fixed_limit(
            small_bet=chips(_num(d["small_bet"])), big_bet=chips(_num(d["big_bet"])), **kw
        )

    hole: list[object] = [None] * n
    board: list[str] = []
    actions: list[tuple[int, str, int | None]] = []
    mucked: set[int] = set()
    for kind, seat, args in raw:
        if kind == "dh":
            cards = args[0] if args else ""
            if len(_split_cards(cards)) != 2:
                raise ValueError(f"hold'em deal of {cards!r}")
            if "?" not in cards:
                hole[seat] = cards
        elif kind == "db":
            board.extend(_split_cards(args[0]))
        elif kind == "sm":
            shown = args[0] if args else ""
            if not shown:
                mucked.add(seat)
            elif shown != "-" and "?" not in shown:
                if hole[seat] is None:
                    hole[seat] = shown  # a card shown later fills an unknown deal
                elif _split_cards(hole[seat]) != _split_cards(shown):
                    raise ValueError(f"p{seat + 1} shows {shown}, dealt {hole[seat]}")
        elif kind in ("f", "cc"):
            actions.append((seat, kind, None))
        elif kind == "cbr":
            actions.append((seat, kind, chips(_num(Decimal(args[0])))))
        else:
            raise Unsupported(f"action {kind!r} in hold'em")

    def exact(key):
        if key not in d:
            return None
        return [Fraction(_num(v)) * scale for v in d[key]]

    return Plan(
        rules=rules,
        stacks=stacks_i,
        hole=hole,
        board=board,
        actions=actions,
        scale=scale,
        seed=zlib.crc32(rec.name.encode()),
        finishing=exact("finishing_stacks"),
        winnings=exact("winnings"),
        mucked=mucked,
    )


# --------------------------------------------------------------------------
# Replaying


@dataclass
class Result:
    name: str
    kind: str  # "match", "legal", "mismatch", "unsupported"
    detail: str = ""
    hand: holecards.Hand | None = None
    half_chip: bool = False


def build_hand(p: Plan) -> holecards.Hand:
    seed = p.seed if any(h is None for h in p.hole) or len(p.board) < 5 else None
    return holecards.Hand(
        p.rules,
        p.stacks,
        button=len(p.stacks) - 1,
        seed=seed,
        hole_cards=p.hole,
        board=p.board or None,
    )


def drive(hand: holecards.Hand, actions) -> None:
    """Play the recorded actions; raise AssertionError/IllegalActionError on a divergence."""
    for i, (seat, kind, amount) in enumerate(actions):
        where = f"action {i} (p{seat + 1} {kind}{'' if amount is None else ' ' + str(amount)})"
        if hand.is_over:
            raise AssertionError(f"{where}: our hand is already over")
        if hand.actor != seat:
            raise AssertionError(f"{where}: our actor is p{hand.actor + 1}")
        try:
            if kind == "f":
                hand.fold()
            elif kind == "cc":
                hand.check_or_call()
            else:
                hand.bet_or_raise_to(amount)
        except holecards.IllegalActionError as e:
            raise AssertionError(f"{where}: IllegalActionError: {e}") from e


def rounded_expectation(hand: holecards.Hand) -> list[int]:
    """Final stacks by the documented odd-chip rule, from the engine's paid pots.

    Each pot is divided equally among its winners; the odd chips go one at a
    time to the winners in seat order from the button's left (docs/game.md,
    rule 12).  Used to check the engine's integer payout independently.
    """
    return stacks_from_engine_pots(hand)


def exact_split(hand: holecards.Hand) -> list[Fraction]:
    """Final stacks if every split pot were divided exactly (half chips allowed)."""
    n = hand.num_players
    out = [Fraction(hand.starting_stacks[s] - hand.contributions[s]) for s in range(n)]
    for pot in hand.pots:
        for s in pot.winners:
            out[s] += Fraction(pot.amount, len(pot.winners))
    return out


def _showdown_is_random(hand: holecards.Hand, p: Plan) -> bool:
    live = [s for s in range(hand.num_players) if not hand.folded[s]]
    if len(live) < 2:
        return False
    return any(p.hole[s] is None for s in live) or len(p.board) < 5


def replay(rec: Record) -> Result:
    try:
        p = plan(rec)
    except Unsupported as e:
        return Result(rec.name, "unsupported", str(e))
    try:
        hand = build_hand(p)
        drive(hand, p.actions)
    except (AssertionError, holecards.HolecardsError) as e:
        return Result(rec.name, "mismatch", f"replay: {e}")
    total = sum(p.stacks)
    if not hand.is_over:
        return Result(rec.name, "mismatch", "replay: record ends but our hand is not over", hand)
    final = hand.final_stacks
    if sum(final) != total:
        return Result(rec.name, "mismatch", f"chips not conserved: {final}", hand)
    if rounded_expectation(hand) != final:
        return Result(rec.name, "mismatch", f"odd chips: {final} vs rule {rounded_expectation(hand)}", hand)

    if p.finishing is not None:
        if _showdown_is_random(hand, p):
            return Result(rec.name, "mismatch", "showdown with unknown cards: not checkable", hand)
        want = p.finishing
        if all(w.denominator == 1 for w in want):
            if [int(w) for w in want] != final:
                return Result(rec.name, "mismatch", f"finishing_stacks {_fmt(want)}, ours {final}", hand)
            return Result(rec.name, "match", hand=hand)
        # Half chips: the recorded exact split must be ours divided exactly,
        # and our integer stacks are then those of the odd-chip rule (checked
        # above), so the only difference allowed is that rounding.
        if exact_split(hand) != want or any(w.denominator not in (1, 2) for w in want):
            return Result(rec.name, "mismatch",
                          f"finishing_stacks {_fmt(want)}, ours {final} (exact {_fmt(exact_split(hand))})",
                          hand)
        return Result(rec.name, "match", "half chips, odd chip from the button's left", hand, True)

    if p.winnings is not None and not _showdown_is_random(hand, p):
        # Winnings are what each player collected, after an unrecorded rake.
        collected = [final[s] - (p.stacks[s] - hand.contributions[s]) for s in range(hand.num_players)]
        for s, w in enumerate(p.winnings):
            if (w > 0) != (collected[s] > 0) or w > collected[s]:
                return Result(rec.name, "mismatch", f"winnings {_fmt(p.winnings)}, we pay {collected}", hand)
    return Result(rec.name, "legal", hand=hand)


def _fmt(xs) -> str:
    return "[" + ", ".join(str(x) if x.denominator != 1 else str(x.numerator) for x in xs) + "]"


def main(argv: list[str]) -> int:
    import collections
    import time

    root = Path(argv[1]) if len(argv) > 1 else corpus_dir()
    t0 = time.perf_counter()
    recs = load_records(root)
    t1 = time.perf_counter()
    results = [replay(r) for r in recs]
    t2 = time.perf_counter()
    table = collections.Counter()
    for rec, res in zip(recs, results):
        group = rec.name.split("/")[0] if "/" in rec.name else rec.name.split("#")[0]
        table[(group, rec.data.get("variant"), res.kind)] += 1
    for key in sorted(table):
        print(*key, table[key], sep="\t")
    for res in results:
        if res.kind in ("mismatch", "unsupported") or res.half_chip:
            print(res.kind, res.name, res.detail, sep="\t")
    print(f"{len(recs)} hands: load {t1 - t0:.2f}s, replay {t2 - t1:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
