"""Hypothesis stateful tests of ``holecards.Table`` and ``holecards.Tournament``.

``TableMachine`` runs a session at one table under either button rule:
players sit down (posting or waiting for the big blind), leave, sit out,
come back and add chips between hands, and hands are played by random
bots. Before every hand the positions are worked out from the rule as
docs/tables.md states it (``reference_table.expected``, from the seat
statuses alone) and compared with the table's: the button, the blinds,
who is dealt in, who posts what. After every hand: chips are conserved
(what was on the table, plus chips brought, minus chips taken away), busts
are exactly the players left with nothing, the hand's PHH text replays to
the same finishing stacks, and the table pickles to an equal table.

``TournamentMachine`` plays a tournament to the end: levels advance every N
hands, players sit out and come back, late entries register; the chips in
play never change but by registration, and the places and prizes at the end
follow the rule (same-hand busts by starting stack, ties share).
"""

from __future__ import annotations

import pickle
import random
from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import holecards
from holecards import EventKind, Rules, Table, Tournament
from reference_table import Expected, MissedBook, expected


def random_bot(
    rng: random.Random, raises: float = 0.25, folds: float = 0.45, all_ins: Optional[float] = None
) -> Any:
    """Random legal play: a raise with chance ``raises`` (to the minimum or
    the most, even odds; with ``all_ins``, the most only with that chance),
    else a fold up to ``folds``, else a check or call."""

    def bot(view: holecards.SeatView) -> tuple[str, int]:
        la = view.legal_actions()
        assert la is not None
        x = rng.random()
        if la.min_raise_to is not None and la.max_raise_to is not None and x < raises:
            if all_ins is not None:
                return ("raise", la.max_raise_to if x < all_ins else la.min_raise_to)
            return ("raise", rng.choice((la.min_raise_to, la.max_raise_to)))
        if la.can_fold and x < folds:
            return ("fold", 0)
        return ("call", 0)

    return bot


def check_posts(hand: holecards.Hand, seats: list[int], exp: Expected, rules: Rules) -> None:
    """Who posted what, in table seats."""
    posted: dict[tuple[int, EventKind], int] = {}
    for e in hand.events:
        if e.kind in (EventKind.POST_SMALL_BLIND, EventKind.POST_BIG_BLIND, EventKind.POST_ANTE):
            assert e.seat is not None
            key = (seats[e.seat], e.kind)
            posted[key] = posted.get(key, 0) + e.amount
    stack = {seats[i]: s for i, s in enumerate(hand.starting_stacks)}
    want: dict[tuple[int, EventKind], int] = {}

    def put(seat: int, kind: EventKind, amount: int) -> None:
        already = sum(v for (s, _), v in want.items() if s == seat)
        paid = min(amount, stack[seat] - already)
        if paid > 0:
            want[(seat, kind)] = want.get((seat, kind), 0) + paid

    if rules.ante:
        # Antes from every seat, left of the button first (all of them, so order does not matter here).
        for s in exp.dealt:
            put(s, EventKind.POST_ANTE, rules.ante)
    if rules.big_blind_ante:
        put(exp.big_blind, EventKind.POST_ANTE, rules.big_blind_ante)
    if not exp.small_blind_dead and rules.small_blind:
        put(exp.small_blind, EventKind.POST_SMALL_BLIND, rules.small_blind)
    put(exp.big_blind, EventKind.POST_BIG_BLIND, rules.big_blind)
    # Per seat the live big blind first, then a dead small blind (logged as
    # dead money, an ante: no part of the bet).
    for s in sorted(set(exp.posting) | set(exp.dead_small)):
        if s in exp.posting:
            put(s, EventKind.POST_BIG_BLIND, rules.big_blind)
        if s in exp.dead_small:
            put(s, EventKind.POST_ANTE, rules.small_blind)
    assert posted == want, (posted, want, exp)


def replays_to_the_same_end(table_or_tournament: Any, hand: holecards.Hand) -> None:
    text = holecards.phh.dumps(table_or_tournament.history(hand))
    back = holecards.phh.loads(text)[0]
    replayed = back.replay()
    assert replayed.is_over
    # PHH lists players from the button's left; the history gives the seats.
    assert back.finishing_stacks == replayed.stacks, text


class SeatedMachine(RuleBasedStateMachine):
    """What the table and the tournament machines check after every step:
    the chips in play stay the same, and every third hand the object under
    test (the attribute named by ``SEATED``, once set up) pickles whole."""

    SEATED = ""
    chips: int
    hands: int

    def seated(self) -> Any:
        return getattr(self, self.SEATED, None)

    @invariant()
    def chips_conserved(self) -> None:
        if self.seated() is not None:
            assert self.seated().chips == self.chips

    @invariant()
    def pickles(self) -> None:
        seated = self.seated()
        if seated is not None and self.hands % 3 == 0:
            back = pickle.loads(pickle.dumps(seated))
            assert back == seated
            assert back.players == seated.players


@settings(
    max_examples=60,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
class TableMachine(SeatedMachine):
    SEATED = "table"

    @initialize(
        rule=st.sampled_from(["moving", "dead"]),
        seats=st.integers(2, 10),
        forced=st.sampled_from(["blinds", "ante", "bb_ante"]),
        seed=st.integers(0, 2**32),
        missed_blinds=st.sampled_from(["dead", "big_blind_only"]),
        data=st.data(),
    )
    def setup(
        self, rule: str, seats: int, forced: str, seed: int, missed_blinds: str, data: Any
    ) -> None:
        ante = {"blinds": {}, "ante": {"ante": 1}, "bb_ante": {"big_blind_ante": 2}}[forced]
        self.rules = Rules.no_limit(small_blind=1, big_blind=2, **ante)
        self.table = Table(self.rules, seats, button=rule, seed=seed, missed_blinds=missed_blinds)
        self.rule = rule
        self.rng = random.Random(seed)
        occupied = data.draw(
            st.sets(st.integers(0, seats - 1), min_size=min(2, seats), max_size=seats)
        )
        for s in sorted(occupied):
            self.table.sit(s, data.draw(st.integers(1, 60)))
        self.first_button: Optional[int] = data.draw(st.sampled_from(sorted(occupied) + [None]))
        if self.first_button is not None:
            self.table.set_button(self.first_button)
        self.last: Optional[Expected] = None
        self.chips = self.table.chips
        self.hands = 0
        # The missed-blind bookkeeping, from the rule (moving button): who
        # has been dealt in here, the blinds each missed since, and where a
        # player sitting out stood before (status, hands dealt then).
        self.book = MissedBook(missed_blinds)
        self.out_at: dict[int, tuple[str, int]] = {}

    def statuses(self) -> list[Optional[str]]:
        out: list[Optional[str]] = [None] * self.table.seat_count
        for p in self.table.players:
            out[p.seat] = p.status
        return out

    def empty_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.statuses()) if s is None]

    @rule(data=st.data(), stack=st.integers(1, 80), entry=st.sampled_from(["post", "wait"]))
    def sit_down(self, data: Any, stack: int, entry: str) -> None:
        empty = self.empty_seats()
        if not empty:
            return
        seat = data.draw(st.sampled_from(empty))
        self.table.sit(seat, stack, entry)
        self.book.new_player(seat)
        self.chips += stack

    @rule(data=st.data())
    def leave(self, data: Any) -> None:
        players = self.table.players
        if len(players) <= 2:
            return
        p = data.draw(st.sampled_from(players))
        assert self.table.leave(p.seat) == p.stack
        self.book.new_player(p.seat)
        self.chips -= p.stack

    @rule(data=st.data(), extra=st.integers(1, 40))
    def add_chips(self, data: Any, extra: int) -> None:
        players = self.table.players
        if not players:
            return
        p = data.draw(st.sampled_from(players))
        self.table.add_chips(p.seat, extra)
        self.chips += extra

    @rule(data=st.data())
    def sit_out(self, data: Any) -> None:
        players = [p for p in self.table.players if p.status == "playing"]
        if len(players) <= 2:
            return
        p = data.draw(st.sampled_from(players))
        self.table.sit_out(p.seat)
        self.out_at[p.seat] = (p.status, self.hands)

    @rule(data=st.data(), entry=st.sampled_from(["post", "wait"]))
    def sit_in(self, data: Any, entry: str) -> None:
        out = [p for p in self.table.players if p.status == "sitting_out"]
        if not out:
            return
        seat = data.draw(st.sampled_from(out)).seat
        self.table.sit_in(seat, entry)
        # Back before another hand: as before. Else (moving button, the
        # missed-blind rule 'dead') a player who has played here and missed
        # nothing is back at once; otherwise posting or waiting as asked.
        before, at = self.out_at.pop(seat)
        if at == self.hands:
            want = before
        elif self.rule == "dead" or self.hands == 0 or self.book.back_free(seat):
            want = "playing"
        else:
            want = {"post": "posting", "wait": "waiting"}[entry]
        assert {p.seat: p.status for p in self.table.players}[seat] == want

    @rule()
    def bad_input_changes_nothing(self) -> None:
        before = pickle.dumps(self.table)
        for call in (
            lambda: self.table.sit(self.table.seat_count, 10),
            lambda: self.table.sit(0, 0),
            lambda: self.table.leave(99),
            lambda: self.table.sit(0, 10, "later"),
            lambda: self.table.finish(holecards.Hand(self.rules, [10, 10])),
        ):
            try:
                call()
            except holecards.ConfigError:
                pass
            else:
                if pickle.dumps(self.table) != before:
                    # A legal call (seat 0 was empty): undo it and go on.
                    return
        assert pickle.dumps(self.table) == before

    @precondition(
        lambda self: (
            sum(1 for p in self.table.players if p.status != "sitting_out" or self.rule == "dead")
            >= 2
        )
    )
    @rule(count=st.integers(1, 4))
    def play_hands(self, count: int) -> None:
        for _ in range(count):
            if (
                sum(
                    1
                    for p in self.table.players
                    if p.status != "sitting_out" or self.rule == "dead"
                )
                < 2
            ):
                return
            if self.rule == "dead" and all(p.status == "sitting_out" for p in self.table.players):
                # Nobody at the table: no hand is dealt (nobody could win
                # it), and nothing changes.
                before = pickle.dumps(self.table)
                with pytest.raises(
                    holecards.ConfigError, match="every player dealt in would be sitting out"
                ):
                    self.table.new_hand()
                assert pickle.dumps(self.table) == before
                return
            self.play_hand()

    def play_hand(self) -> None:
        statuses = self.statuses()
        exp = expected(
            self.rule, statuses, self.last, self.first_button, owed=self.book.owed(len(statuses))
        )
        hand = self.table.new_hand()
        pos = self.table.positions
        seats = self.table.dealt_seats
        assert pos is not None and seats is not None
        got = (pos.button, pos.small_blind, pos.big_blind, pos.button_dead, pos.small_blind_dead)
        assert got == (
            exp.button,
            exp.small_blind,
            exp.big_blind,
            exp.button_dead,
            exp.small_blind_dead,
        ), (statuses, self.last, got, exp)
        assert tuple(seats) == exp.dealt, (statuses, seats, exp)
        check_posts(hand, seats, exp, self.rules)
        # Heads-up: the button posts the small blind and acts first preflop.
        if len(seats) == 2:
            assert pos.small_blind == pos.button
        bot = random_bot(self.rng)
        while hand.legal_actions() is not None:
            la = hand.legal_actions()
            assert la is not None
            assert not self.table.is_absent(la.seat), (
                "an absent player's hand is dead: it never acts"
            )
            kind, amount = bot(hand.view(la.seat))
            if kind == "raise":
                hand.bet_or_raise_to(amount)
            elif kind == "fold":
                hand.fold()
            else:
                hand.check_or_call()
        before = {p.seat: p for p in self.table.players}
        for i, s in enumerate(seats):
            if statuses[s] == "sitting_out":
                assert hand.folded[i] and hand.stacks[i] <= hand.starting_stacks[i], (
                    "a dead hand wins nothing"
                )
        replays_to_the_same_end(self.table, hand)
        busts = self.table.finish(hand)
        final = dict(zip(seats, hand.stacks))
        assert sorted(b.seat for b in busts) == sorted(s for s, v in final.items() if v == 0)
        for b in busts:
            assert b.starting_stack == before[b.seat].stack and b.hand == self.hands
        for p in self.table.players:
            if p.seat in final:
                assert p.stack == final[p.seat]
            else:
                assert p.stack == before[p.seat].stack
        self.book.after_hand(self.rule, self.last, exp, statuses)
        for p in self.table.players:
            assert p.missed_blinds == self.book.name(p.seat), (p, self.book.missed)
        self.last = exp
        self.hands += 1


TestTable = TableMachine.TestCase


@settings(
    max_examples=40,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
class TournamentMachine(SeatedMachine):
    SEATED = "t"

    @initialize(
        players=st.integers(2, 9),
        per_level=st.integers(1, 6),
        ante=st.sampled_from(["uniform", "big_blind"]),
        seed=st.integers(0, 2**32),
        data=st.data(),
    )
    def setup(self, players: int, per_level: int, ante: str, seed: int, data: Any) -> None:
        self.levels = [(1, 2, 0), (2, 4, 1), (5, 10, 2), (10, 20, 3), (25, 50, 5)]
        stacks = [data.draw(st.integers(5, 120)) for _ in range(players)] + [0]
        self.payouts = sorted(
            data.draw(st.lists(st.integers(0, 500), max_size=players)), reverse=True
        )
        self.t = Tournament(
            self.levels, stacks, self.payouts, hands_per_level=per_level, ante=ante, seed=seed
        )
        self.per_level = per_level
        self.ante = ante
        self.chips = sum(stacks)
        self.rng = random.Random(seed)
        self.hands = 0

    @rule(data=st.data())
    def sit_out_or_in(self, data: Any) -> None:
        players = self.t.players
        if not players:
            return
        p = data.draw(st.sampled_from(players))
        if p.status == "sitting_out":
            self.t.sit_in(p.seat)
        else:
            # Everyone may be away at once (the deal is refused then, see
            # play_hand); a late entry waiting a hand is dealt in when
            # nobody else at the table is present.
            self.t.sit_out(p.seat)

    @rule(stack=st.integers(5, 50))
    def late_entry(self, stack: int) -> None:
        empty = [i for i, s in enumerate(self.t.stacks) if s is None]
        if self.t.is_over or self.t.results or not empty or self.t.entrants >= len(self.t.stacks):
            if not self.t.is_over and empty:
                with pytest.raises(holecards.ConfigError, match="closed|full"):
                    self.t.register(empty[0], stack)
            return
        self.t.register(empty[0], stack)
        self.chips += stack

    @precondition(lambda self: not self.t.is_over)
    @rule()
    def play_hand(self) -> None:
        level = min(self.hands // self.per_level, len(self.levels) - 1)
        players = self.t.players
        if all(p.status == "sitting_out" for p in players):
            # Nobody at the table: no hand is dealt (nobody could win it),
            # and nothing changes.
            before = pickle.dumps(self.t)
            with pytest.raises(
                holecards.ConfigError, match="every player dealt in would be sitting out"
            ):
                self.t.play(random_bot(self.rng))
            assert pickle.dumps(self.t) == before
            return
        stacks_before = {p.seat: p.stack for p in players}
        away = {p.seat for p in players if p.status == "sitting_out"}
        hand = self.t.play(random_bot(self.rng))
        # An absent player's hand is dead: he loses forced bets, never wins.
        stacks_after = {p.seat: p.stack for p in self.t.players}
        for s in away:
            assert stacks_after.get(s, 0) <= stacks_before[s]
        sb, bb, ante = self.levels[level]
        assert self.t.level == level
        assert (hand.rules.small_blind, hand.rules.big_blind) == (sb, bb)
        if self.ante == "uniform":
            assert hand.rules.ante == ante and hand.rules.big_blind_ante == 0
        else:
            assert hand.rules.big_blind_ante == ante and hand.rules.ante == 0
        self.hands += 1

    @invariant()
    def places_follow_the_rule(self) -> None:
        if not hasattr(self, "t"):
            return
        results = self.t.results
        left = self.t.remaining
        decided = sorted(r.place for r in results)
        # Places from left+1 down to the entrants are taken, ties sharing the better one.
        by_hand: dict[Optional[int], list[Any]] = {}
        for r in results:
            by_hand.setdefault(r.hand, []).append(r)
        busts = {(b.player): b for b in self.t.busts}
        for hand, group in by_hand.items():
            if hand is None:
                assert [r.place for r in group] == [1] and left == 1
                continue
            # Within a hand: larger starting stacks place higher; equal ones tie.
            for a in group:
                for b in group:
                    sa, sb = busts[a.player].starting_stack, busts[b.player].starting_stack
                    if sa > sb:
                        assert a.place < b.place
                    if sa == sb:
                        assert a.place == b.place
        if self.t.is_over:
            assert decided[0] == 1 and len(results) == self.t.entrants
            assert sum(r.prize for r in results) == sum(self.payouts[: self.t.entrants])
        pickled = pickle.loads(pickle.dumps(self.t))
        assert pickled == self.t and pickled.results == results


TestTournament = TournamentMachine.TestCase
