"""Tables, tournaments and ICM from Python: long random sessions checked
seat by seat against the rule (reference_table.expected), ICM against
the plain-Python reference, PHH and pokerkit cross-checks, bad input."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any, Optional

import pytest
from hypothesis import given, settings, strategies as st

import holecards
from holecards import ConfigError, EventKind, Rules, Table, Tournament
from reference_table import Expected, MissedBook, expected, icm as reference_icm
from test_table_stateful import check_posts, random_bot

NL = Rules.no_limit(small_blind=1, big_blind=2)


def statuses(t: Any) -> list[Optional[str]]:
    out: list[Optional[str]] = [None] * len(t.stacks)
    for p in t.players:
        out[p.seat] = p.status
    return out


def gentle_bot(rng: random.Random) -> Any:
    """Random legal play that goes all-in only now and then (sessions last)."""
    return random_bot(rng, raises=0.2, folds=0.5, all_ins=0.03)


def play(t: Any, hand: holecards.Hand, rng: random.Random, gentle: bool = False) -> None:
    bot = gentle_bot(rng) if gentle else random_bot(rng)
    while (la := hand.legal_actions()) is not None:
        if t.is_absent(la.seat):
            hand.check_or_call() if la.can_check else hand.fold()
            continue
        kind, amount = bot(hand.view(la.seat))
        {
            "raise": lambda: hand.bet_or_raise_to(amount),  # noqa: B023 (called within the iteration)
            "fold": hand.fold,
            "call": hand.check_or_call,
        }[kind]()


@pytest.mark.parametrize("rule", ["moving", "dead"])
@pytest.mark.parametrize("seed", range(4))
def test_long_random_sessions_seat_by_seat(rule: str, seed: int) -> None:
    """Hundreds of hands with players joining, leaving, sitting out and
    busting (several in one hand), down to heads-up and the end: every
    hand's button, blinds, players dealt in and posts as the rule says,
    and every chip accounted for from the first hand to the last."""
    rng = random.Random(seed)
    t = Table(NL, 9, button=rule, seed=seed)
    for s in rng.sample(range(9), 7):
        t.sit(s, rng.randint(40, 300))
    chips = t.chips
    last: Optional[Expected] = None
    book = MissedBook()
    several = heads_up = dead_sb = posted = 0
    for k in range(600):
        r = rng.random()
        empty = [i for i, s in enumerate(t.stacks) if s is None]
        if (r < 0.08 or len(t.players) < 3) and empty and k < 450:
            stack = rng.randint(10, 200)
            seat = rng.choice(empty)
            t.sit(seat, stack, rng.choice(["post", "wait"]))
            book.new_player(seat)
            chips += stack
        elif r < 0.12:
            playing = [p for p in t.players if p.status == "playing"]
            if len(playing) > 2:
                t.sit_out(rng.choice(playing).seat)
        elif r < 0.18:
            out = [p for p in t.players if p.status == "sitting_out"]
            if out:
                t.sit_in(rng.choice(out).seat, rng.choice(["post", "wait"]))
        ready = [p for p in t.players if p.status != "sitting_out" or rule == "dead"]
        if len(ready) < 2:
            if len(t.players) < 2:
                break
            for p in t.players:
                if p.status == "sitting_out":
                    t.sit_in(p.seat)
            continue
        before = statuses(t)
        exp = expected(rule, before, last, None, owed=book.owed(len(before)))
        hand = t.new_hand()
        pos, seats = t.positions, t.dealt_seats
        assert pos is not None and seats is not None
        assert (
            pos.button,
            pos.small_blind,
            pos.big_blind,
            pos.button_dead,
            pos.small_blind_dead,
        ) == (
            exp.button,
            exp.small_blind,
            exp.big_blind,
            exp.button_dead,
            exp.small_blind_dead,
        ), (k, exp, pos)
        assert tuple(seats) == exp.dealt
        check_posts(hand, seats, exp, NL)
        heads_up += len(seats) == 2
        dead_sb += pos.small_blind_dead
        posted += bool(exp.posting)
        play(t, hand, rng, gentle=True)
        busts = t.finish(hand)
        several += len(busts) > 1
        assert t.chips == chips
        book.after_hand(rule, last, exp, before)
        last = exp
    print(rule, seed, k, several, heads_up, dead_sb, posted)
    assert k > 100
    assert heads_up > 0
    if rule == "dead":
        assert dead_sb > 0
    else:
        assert posted > 0


def test_a_player_back_from_missed_blinds_with_no_small_blind_posts_no_dead_one() -> None:
    # Blinds 0/2 (and Progressive, which has no blinds): a player who sat
    # out and missed the blinds comes back posting; with no small blind
    # there is no dead small blind to post (a post of 0 chips), and every
    # hand's history replays.
    def bot(view: Any) -> tuple[str, int]:
        la = view.legal_actions()
        return ("stand_pat", 0) if la.draw else ("call", 0) if la.can_check else ("fold", 0)

    for rules in [
        Rules.no_limit(small_blind=0, big_blind=2),
        Rules.no_limit(small_blind=0, big_blind=2, game="2-7-triple-draw"),
        Rules.progressive(ante=1, bets=[2, 4, 6, 8], game="badugi"),
    ]:
        t = Table(rules, seats=4, seed=1)
        for s in range(4):
            t.sit(s, 100)
        t.play(bot)
        t.sit_out(2)
        for _ in range(4):
            t.play(bot)
        t.sit_in(2, entry="post")
        for _ in range(4):
            h = t.play(bot)
            assert not any(
                e.kind == EventKind.POST_SMALL_BLIND and e.amount == 0 for e in h.events
            ), rules
            assert t.history(h).replay().final_stacks is not None


def test_a_dead_small_blind_seat_by_seat() -> None:
    t = Table(NL, 6, button="dead", seed=1)
    for s in range(6):
        t.sit(s, 100)
    h = t.new_hand()
    while h.legal_actions():
        h.check_or_call()
    t.finish(h)
    t.leave(2)  # last hand's big blind is gone
    h = t.new_hand()
    pos = t.positions
    assert pos is not None
    assert (pos.button, pos.small_blind, pos.big_blind, pos.small_blind_dead) == (1, 2, 3, True)
    posts = [
        (t.dealt_seats[e.seat], e.kind)
        for e in h.events
        if e.kind in (EventKind.POST_SMALL_BLIND, EventKind.POST_BIG_BLIND)
    ]  # type: ignore[index]
    assert posts == [(3, EventKind.POST_BIG_BLIND)]
    assert t.dealt_seats[h.actor] == 4  # type: ignore[index]


def test_tournament_levels_places_and_prizes() -> None:
    levels = [(1, 2), (2, 4, 1), (5, 10, 1), (10, 20, 2), (25, 50, 5), (50, 100, 10)]
    t = Tournament(levels, [100, 100, 150, 0, 80, 100], [500, 300, 200], hands_per_level=4, seed=3)
    rng = random.Random(3)
    seen = []
    while not t.is_over:
        hand = t.play(random_bot(rng))
        seen.append((t.level, hand.rules.big_blind))
        assert t.chips == 530
    for k, (level, bb) in enumerate(seen):
        assert level == min(k // 4, 5) and bb == levels[level][1]
    places = sorted((r.place, r.prize) for r in t.results)
    assert places[0] == (1, 500) and len(places) == 5
    assert sum(p for _, p in places) == 1000
    assert [r.place for r in t.results if r.hand is None] == [1]
    with pytest.raises(ConfigError, match="over"):
        t.new_hand()


def test_tournament_same_hand_busts_place_by_starting_stack_and_tie() -> None:
    # Many short stacks all-in every hand: several busts in one hand happen.
    rng = random.Random(9)
    ties = ordered = 0
    for seed in range(30):
        stacks = [rng.choice((3, 3, 5, 8)) for _ in range(6)]
        t = Tournament([(1, 2)], stacks, [60, 30, 10], hands_per_level=100, seed=seed)

        def all_in(v):
            return (
                ("raise", v.legal_actions().max_raise_to)
                if v.legal_actions().max_raise_to
                else ("call", 0)
            )

        while not t.is_over:
            t.play(all_in)
        by_hand: dict[Any, list[Any]] = {}
        start = {b.player: b.starting_stack for b in t.busts}
        for r in t.results:
            by_hand.setdefault(r.hand, []).append(r)
        for hand, group in by_hand.items():
            for a in group:
                for b in group:
                    if a is not b and hand is not None:
                        if start[a.player] > start[b.player]:
                            assert a.place < b.place
                            ordered += 1
                        elif start[a.player] == start[b.player]:
                            assert a.place == b.place
                            ties += 1
        assert sum(r.prize for r in t.results) == 100
    assert ties and ordered


def test_tournament_by_clock() -> None:
    t = Tournament([(1, 2), (5, 10), (25, 50)], [100] * 4, seconds_per_level=60.0, seed=1)
    h = t.new_hand(clock=10.0)
    assert t.level == 0
    t.take_back()
    h = t.new_hand(clock=61.0)
    assert t.level == 1 and h.rules.big_blind == 10
    while h.legal_actions():
        h.check_or_call()
    t.finish(h)
    with pytest.raises(ConfigError, match="forward"):
        t.new_hand(clock=30.0)
    with pytest.raises(ConfigError, match="clock"):
        t.new_hand()
    assert t.new_hand(clock=1000.0).rules.big_blind == 50


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 1000), min_size=1, max_size=6), st.data())
def test_icm_matches_the_reference(stacks: list[int], data: Any) -> None:
    payouts = sorted(data.draw(st.lists(st.integers(0, 1000), max_size=len(stacks))), reverse=True)
    got = holecards.icm(stacks, payouts)
    want = reference_icm(stacks, payouts)
    assert len(got) == len(stacks)
    for g, w in zip(got, want):
        assert abs(Fraction(g) - w) <= Fraction(1, 10**9) * (1 + abs(w)), (got, want)
    assert abs(sum(got) - sum(payouts)) < 1e-6


def test_icm_monte_carlo_is_seeded_and_close() -> None:
    stacks = [1200, 800, 500, 300, 200, 90]
    payouts = [50, 30, 20]
    exact = holecards.icm(stacks, payouts)
    mc = holecards.icm(stacks, payouts, trials=400_000, seed=11)
    assert mc == holecards.icm(stacks, payouts, trials=400_000, seed=11)
    # Each prize is a mean of values from 0 to 50: the standard error is below 50 / sqrt(trials).
    for e, m in zip(exact, mc):
        assert abs(e - m) < 5 * 50 / 400_000**0.5
    # Beyond the exact limit Monte Carlo is chosen on its own, unpredictably without a seed.
    big = list(range(100, 3100, 100))
    a = holecards.icm(big, [30, 20, 15, 10, 8, 6, 5, 3, 2, 1] * 2, trials=2000)
    assert abs(sum(a) - 200) < 1e-6


def test_icm_twenty_players_exact() -> None:
    stacks = [1000 + 37 * i for i in range(20)]
    payouts = [30, 20, 12, 9, 7, 6, 5, 4, 4, 3]
    e = holecards.icm(stacks, payouts)
    assert abs(sum(e) - 100) < 1e-9
    assert e == sorted(e)  # more chips, more equity


@pytest.mark.parametrize(
    "stacks, payouts, match",
    [
        ([], [1], "at least one"),
        ([10, 0], [1], "stack 1 is 0"),
        ([10, 20], [5, 3, 1], "3 payouts for 2 players"),
        ([10, -1], [1], "whole number"),
        ([10, 20], [float("nan")], "not a prize"),
        ([10, 20], [-5], "not a prize"),
        ([10, 20], ["x"], "amount"),
        ("ab", [1], "list of chip counts"),
    ],
)
def test_icm_bad_input(stacks: Any, payouts: Any, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        holecards.icm(stacks, payouts)


def test_finish_refuses_the_dealt_cards_under_other_rules_or_another_board() -> None:
    # The same seats, stacks, button, hole cards and board as the hand the
    # table dealt, played under other blinds, antes or structure; or under
    # its rules on another board: not the table's hand.
    t = Table(NL, 3, seed=7)
    for s in range(3):
        t.sit(s, 100)
    dealt = t.new_hand()
    holes = [dealt.view(s).hole_cards for s in range(3)]
    own = dealt.copy()
    while own.legal_actions() is not None:
        own.check_or_call()
    board = "".join(str(c) for c in own.board)
    assert len(board) == 10
    state = pickle.dumps(t)

    def played(rules: Rules, board: str) -> holecards.Hand:
        h = holecards.Hand(
            rules, [100, 100, 100], button=dealt.button, hole_cards=holes, board=board
        )
        while h.legal_actions() is not None:
            h.check_or_call()
        return h

    assert played(NL, board).stacks == own.stacks
    for rules in (
        Rules.no_limit(small_blind=25, big_blind=50),
        Rules.no_limit(small_blind=1, big_blind=2, ante=10),
        Rules.pot_limit(small_blind=1, big_blind=2),
    ):
        with pytest.raises(ConfigError, match="other rules"):
            t.finish(played(rules, board))
        assert pickle.dumps(t) == state
    used = {str(c) for hole in holes for c in hole} | {board[i : i + 2] for i in range(0, 10, 2)}
    other = "".join([c for c in map(str, holecards.Game("holdem").deck()) if c not in used][:5])
    with pytest.raises(ConfigError, match="not the hand the table dealt"):
        t.finish(played(NL, other))
    assert pickle.dumps(t) == state
    t.finish(own)
    assert t.stacks == own.stacks


def test_table_arguments_take_any_iterable_and_bad_types_are_config_errors() -> None:
    stacks = [5000, 3000, 2000]
    assert holecards.icm(iter(stacks), (p for p in [50, 30, 20])) == holecards.icm(
        stacks, [50, 30, 20]
    )
    tour = Tournament(
        iter([(1, 2)]), iter([100, 100]), payouts=iter([3]), seconds_per_level=60, seed=1
    )
    assert tour.stacks == [100, 100]
    for call, match in [
        (lambda: holecards.icm({5000: 1, 3000: 2}, [50, 30]), "stacks"),
        (lambda: holecards.icm("50", [50]), "stacks"),
        (lambda: tour.new_hand(clock="10"), "clock"),
        (lambda: tour.play(lambda v: ("call", 0), clock="10"), "clock"),
        (lambda: tour.finish(None), "finish takes the Hand"),
    ]:
        with pytest.raises(ConfigError, match=match):
            call()
    t = Table(NL, 3, seed=1)
    for s in range(3):
        t.sit(s, 100)
    state = pickle.dumps(t)
    for bots in ([None, None, None], {0: None, 1: None, 2: None}, ["x", 1, "y"]):
        with pytest.raises(ConfigError, match="no bot for seat"):
            t.play(bots)
        assert pickle.dumps(t) == state


def test_icm_is_exact_for_many_players_with_few_places() -> None:
    # One place: each player's share of the chips, whatever the field.
    stacks = [1000] * 128 + [128000]
    assert holecards.icm(stacks, [100])[-1] == pytest.approx(50.0, abs=1e-12)
    # Two places among 300 equal stacks: 1/300 of each prize each.
    assert holecards.icm([7] * 300, [200, 100]) == pytest.approx([1.0] * 300, abs=1e-12)


def test_bad_input_names_the_problem_and_changes_nothing() -> None:
    t = Table(NL, 6, seed=1)
    t.sit(0, 100)
    t.sit(3, 100)
    state = pickle.dumps(t)
    for call, match in [
        (lambda: t.sit(0, 50), "taken"),
        (lambda: t.sit(6, 50), "not a seat"),
        (lambda: t.sit(1, 0), "at least 1 chip"),
        (lambda: t.sit(1, 10, "maybe"), "post"),
        (lambda: t.leave(2), "empty"),
        (lambda: t.sit_in(0), "already playing"),
        (lambda: t.set_button(2), "empty"),
        (lambda: t.finish(holecards.Hand(NL, [5, 5])), "no hand"),
    ]:
        with pytest.raises(ConfigError, match=match):
            call()
        assert pickle.dumps(t) == state
    with pytest.raises(ConfigError, match="2 to 22 seats"):
        Table(NL, 1)
    with pytest.raises(ConfigError, match="moving"):
        Table(NL, 6, button="sideways")
    h = t.new_hand()
    with pytest.raises(ConfigError, match="finish it first"):
        t.sit(1, 10)
    with pytest.raises(ConfigError, match="not over"):
        t.finish(h)
    other = holecards.Hand(NL, [100, 100])
    while other.legal_actions():
        other.check_or_call()
    with pytest.raises(ConfigError, match="not the hand the table dealt"):
        t.finish(other)
    # A bot that answers nonsense: a clear error, and the hand is taken back.
    t.take_back()
    state = pickle.dumps(t)
    with pytest.raises(ConfigError, match="the bot for seat"):
        t.play(lambda view: "raise!")
    assert pickle.dumps(t) == state
    with pytest.raises(holecards.IllegalActionError):
        t.play(lambda view: ("raise", 1))
    assert pickle.dumps(t) == state
    with pytest.raises(ZeroDivisionError):
        t.play(lambda view: 1 // 0)
    assert pickle.dumps(t) == state
    for bad, match in [
        (dict(levels=[], stacks=[10, 10], hands_per_level=1), "at least one level"),
        (dict(levels=[(2, 1)], stacks=[10, 10], hands_per_level=1), "level 1"),
        (dict(levels=[(1, 2)], stacks=[10, 0], hands_per_level=1), "two players"),
        (dict(levels=[(1, 2)], stacks=[10, 10]), "hands_per_level"),
        (dict(levels=[(1, 2)], stacks=[10, 10], hands_per_level=0), "at least 1 hand"),
        (dict(levels=[(1, 2)], stacks=[10, 10], payouts=[3, 2, 1], hands_per_level=1), "payouts"),
        (
            dict(levels=[(1, 2)], stacks=[10, 10, 10], payouts=[5, 10], hands_per_level=1),
            "must not grow with the place: place 2 gets 10, place 1 5",
        ),
        (dict(levels=[(1,)], stacks=[10, 10], hands_per_level=1), "level 1"),
        (dict(levels=[(1, 2)], stacks=[10, 10], hands_per_level=1, structure="stud"), "structure"),
        (dict(levels=[(1, 2)], stacks=[10, 10], hands_per_level=1, ante="some"), "ante"),
    ]:
        with pytest.raises(ConfigError, match=match):
            Tournament(**bad)


def test_pickling_mid_hand_and_playing_on_gives_the_same_session() -> None:
    t = Table(NL, 6, button="dead", seed=4)
    for s in range(5):
        t.sit(s, 600)
    rng = random.Random(1)
    for _ in range(5):
        t.play(gentle_bot(rng))
    h = t.new_hand()
    saved = pickle.dumps((t, h))
    t2, h2 = pickle.loads(saved)
    assert t2 == t and h2 == h
    for table, hand in ((t, h), (t2, h2)):
        play(table, hand, random.Random(5), gentle=True)
        table.finish(hand)
        bot = gentle_bot(random.Random(6))
        for _ in range(5):
            if len(table.players) > 1:
                table.play(bot)
    assert t == t2 and t.stacks == t2.stacks


def test_a_table_is_reproducible_from_its_seed() -> None:
    def session(seed: int) -> list[Optional[int]]:
        t = Table(NL, 6, seed=seed)
        for s in range(6):
            t.sit(s, 100)
        rng = random.Random(0)
        for _ in range(30):
            if len(t.players) > 1:
                t.play(random_bot(rng))
        return t.stacks

    assert session(1) == session(1)
    assert session(1) != session(2)


def test_table_hands_as_phh_replay_and_pokerkit_agrees_on_dead_blinds() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(2)
    t = Table(NL, 7, button="dead", seed=8)
    for s in range(7):
        t.sit(s, rng.randint(30, 120))
    checked = dead = 0
    while len(t.players) > 1:
        hand = t.new_hand()
        pos = t.positions
        assert pos is not None
        play(t, hand, rng, gentle=checked % 2 == 0)
        hh = t.history(hand)
        text = holecards.phh.dumps(hh)
        assert hh.seat_count == 7 and hh.hand == t.hands_dealt
        assert sorted(hh.seats) == sorted(s + 1 for s in t.dealt_seats)  # type: ignore[union-attr]
        back = holecards.phh.loads(text)[0].replay()
        assert back.stacks == hh.finishing_stacks
        states = list(pokerkit.HandHistory.loads(text))
        assert list(states[-1].stacks) == hh.finishing_stacks, text
        dead += pos.small_blind_dead
        checked += 1
        t.finish(hand)
    assert checked > 5 and dead > 0


def test_audit_findings_fixed() -> None:
    """Cases an adversarial review found (each failed before its fix)."""
    rules = Rules.no_limit(small_blind=1, big_blind=2)
    # A tournament's take_back (and a failed play) undoes the level and the clock too.
    t = Tournament([(10, 20), (20, 40)], [1000] * 3, hands_per_level=2, seed=1)
    ref = pickle.dumps(t)
    t.new_hand()
    t.take_back()
    assert pickle.dumps(t) == ref and t == pickle.loads(ref)
    for _ in range(2):
        with pytest.raises(ZeroDivisionError):
            t.play(lambda view: 1 // 0)
    assert pickle.dumps(t) == ref
    t.new_hand()
    assert t.level == 0
    c = Tournament([(10, 20), (20, 40)], [1000] * 3, seconds_per_level=60, seed=1)
    c.new_hand(clock=90.0)
    assert c.level == 1
    c.take_back()
    assert c.level == 0 and c.new_hand(clock=30.0).rules.big_blind == 20
    with pytest.raises(ConfigError, match="number of seconds"):
        Tournament([(1, 2)], [10, 10], seconds_per_level=5).new_hand(clock=float("nan"))
    with pytest.raises(ConfigError, match="two players"):
        Tournament([(1, 2)], [10], hands_per_level=1)
    # A dead-button joiner cannot be hurried in between the button and the small blind.
    d = Table(rules, 6, button="dead", seed=1)
    for s in (0, 2, 5):
        d.sit(s, 100)
    d.set_button(0)
    d.play(lambda view: ("fold", 0) if view.legal_actions().can_fold else ("call", 0))  # type: ignore[union-attr]
    d.sit(3, 100, "wait")
    with pytest.raises(ConfigError, match="already coming in"):
        d.sit_in(3)
    d.new_hand()
    assert d.dealt_seats == [0, 2, 5]
    # Sitting out and straight back before another hand: nothing missed.
    m = Table(rules, 4, seed=1)
    for s in range(4):
        m.sit(s, 100)
    m.play(lambda view: ("call", 0))
    m.sit_out(0)
    m.sit_in(0)
    assert [p.status for p in m.players] == ["playing"] * 4
    # Everyone sitting out at a dead-button table: no hand is dealt.
    e = Tournament([(10, 20)], [100, 100], hands_per_level=10, seed=2)
    e.sit_out(0)
    e.sit_out(1)
    with pytest.raises(ConfigError, match="sitting out"):
        e.new_hand()


def call_bot(view: holecards.SeatView) -> tuple[str, int]:
    return ("call", 0)


@pytest.mark.parametrize("seed", range(40))
def test_an_absent_big_blind_never_wins(seed: int) -> None:
    """TDA rule 30: an absent player's hand is dead. Three players, 10/20,
    the big blind sitting out, the others calling down: he loses his big
    blind every time (checking for him let him win the pot before)."""
    rules = Rules.no_limit(small_blind=10, big_blind=20)
    t = Tournament([(10, 20)], [1000] * 3, hands_per_level=10, seed=seed)
    t.sit_out(2)
    hand = t.new_hand()
    assert t.positions is not None and t.positions.big_blind == 2
    assert t.is_absent(2) and hand.folded[2], "dealt out already folded"
    assert hand.actor != 2
    while hand.legal_actions() is not None:
        hand.check_or_call()
    t.finish(hand)
    assert [p.stack for p in t.players][2] == 980
    assert rules.big_blind == 20
    kinds = [(e.kind, e.seat) for e in hand.events if e.kind == EventKind.FOLD]
    assert kinds == [(EventKind.FOLD, 2)]
    # The history replays to the same end, the kill as p2's fold.
    text = holecards.phh.dumps(t.history(hand))
    assert "_dead_hands = [2]" in text and "'p2 f'" in text
    back = holecards.phh.loads(text)[0]
    assert back.replay().stacks == back.finishing_stacks


def test_folding_to_an_absent_big_blind_and_one_live_hand() -> None:
    t = Table(Rules.no_limit(small_blind=10, big_blind=20), 3, button="dead", seed=3)
    for s in range(3):
        t.sit(s, 1000)
    t.sit_out(2)
    t.play(lambda view: ("fold", 0))
    assert [p.stack for p in t.players] == [1000, 1020, 980]
    # Both blinds away: the button's is the only live hand, over as dealt.
    t2 = Table(Rules.no_limit(small_blind=10, big_blind=20), 3, button="dead", seed=3)
    for s in range(3):
        t2.sit(s, 1000)
    t2.sit_out(1)
    t2.sit_out(2)
    hand = t2.new_hand()
    assert hand.is_over and hand.legal_actions() is None
    t2.finish(hand)
    assert [p.stack for p in t2.players] == [1030, 990, 980]


def test_a_late_entry_alone_at_the_table_is_dealt_in() -> None:
    """Everyone dealt in would be away and the only player present is a
    late entry who would wait a hand (between the button and the small
    blind): he comes in at once rather than no hand being dealt."""

    def setup() -> Any:
        t = Tournament([(1, 2)], [100, 0, 100, 0, 100, 0], hands_per_level=5, seed=238)
        t.play(call_bot)  # button 0, blinds 2 and 4: next, button 2, small blind 4
        t.register(3, 50)
        return t

    t = setup()
    t.sit_out(2)
    t.new_hand()
    assert t.dealt_seats == [0, 2, 4], "seat 3 waits a hand (WSOP tournament rule 66)"
    t = setup()
    for s in (0, 2, 4):
        t.sit_out(s)
    hand = t.new_hand()
    assert t.dealt_seats == [0, 2, 3, 4]
    assert hand.folded == [True, True, False, True] and hand.is_over
    t.take_back()
    # Nobody present at all: no hand.
    t.sit_out(3)
    with pytest.raises(ConfigError, match="every player dealt in would be sitting out"):
        t.new_hand()


def test_missed_blinds_from_python() -> None:
    rules = Rules.no_limit(small_blind=1, big_blind=2)
    for rule, want in [
        ("dead", [("POST_BIG_BLIND", 2), ("POST_ANTE", 1)]),
        ("big_blind_only", [("POST_BIG_BLIND", 2)]),
    ]:
        t = Table(rules, 6, seed=1, missed_blinds=rule)
        assert t.missed_blinds == rule
        for s in range(6):
            t.sit(s, 100)
        t.play(call_bot)
        t.sit_out(4)
        for _ in range(3):
            t.play(call_bot)
        assert [p.missed_blinds for p in t.players if p.seat == 4] == [
            "both" if rule == "dead" else "both"
        ]
        t.sit_in(4, "post")
        hand = t.new_hand()
        seats = t.dealt_seats
        assert seats is not None
        posts = [
            (e.kind.name, e.amount)
            for e in hand.events
            if e.seat is not None and seats[e.seat] == 4 and e.kind.name.startswith("POST")
        ]
        assert posts == want
        i = seats.index(4)
        assert hand.bets[i] == 2 and hand.contributions[i] == sum(a for _, a in want)
        back = pickle.loads(pickle.dumps(t))
        assert back == t and back.missed_blinds == rule
        t.take_back()
    with pytest.raises(ConfigError, match="missed_blinds must be"):
        Table(rules, 6, missed_blinds="all")


def test_payouts_whose_total_overflows_are_refused() -> None:
    with pytest.raises(ConfigError, match="payouts add up to more than"):
        Tournament([(1, 2)], [10, 10, 10], [5, 2**63, 2**63], hands_per_level=1)
    # Huge prizes and stacks in ICM stay finite and add up to the pool.
    eq = holecards.icm([2**59, 2**58, 3], [2**63, 2**62, 1])
    assert all(x == x and x < float("inf") for x in eq)
    assert sum(eq) == pytest.approx(2**63 + 2**62 + 1)


@pytest.mark.timeout(60)
def test_tournament_limit_cap_holds_heads_up_in_a_hand_until_two_players_are_left() -> None:
    # WSOP tournament rule 100b: one bet and four raises "even if there are
    # only two Participants remaining in the hand"; lifted once the
    # tournament is heads-up. Blinds 10/20, the first hand: with four
    # players the small and big blind see the flop alone, and flop bets of
    # 20 stop at 5 (to 100); with two, twenty bets and raises go in.
    def flop_raises(players: int) -> tuple:
        t = holecards.Tournament(
            levels=[(10, 20)],
            stacks=[10000] * players,
            payouts=[100],
            structure="fixed-limit",
            hands_per_level=10,
            seed=1,
        )
        h = t.new_hand()
        for _ in range(players - 2):
            h.fold()
        h.check_or_call()
        h.check_or_call()
        n = 0
        while (la := h.legal_actions()) is not None and la.can_raise and n < 20:
            h.bet_or_raise_to(la.min_raise_to)
            n += 1
        return n, max(h.bets)

    assert flop_raises(4) == (5, 100)
    assert flop_raises(3) == (5, 100)
    assert flop_raises(2) == (20, 400)


@pytest.mark.timeout(60)
def test_a_limit_tournament_down_to_two_players_pickles_between_hands() -> None:
    # The hand that leaves two players was dealt with the cap; between it
    # and the next hand the tournament still holds those rules, and a copy
    # of it must read back (the next hand lifts the cap).
    from holecards.sim import BuiltinBot

    t = holecards.Tournament(
        levels=[(10, 20)],
        stacks=[30, 10000, 10000],
        payouts=[100],
        structure="fixed-limit",
        hands_per_level=1000,
        seed=2,
    )
    station = BuiltinBot("calling_station", seed=1)
    for _ in range(200):
        if t.remaining == 2:
            break
        t.play(station)
    assert t.remaining == 2
    again = pickle.loads(pickle.dumps(t))
    assert pickle.dumps(again) == pickle.dumps(t)
    h = again.new_hand()
    assert h.rules.heads_up_uncapped


def _dead_small_blind_hand(stack: int) -> tuple[Table, holecards.Hand]:
    """Seat 4 back from missing both blinds posts a live big blind and a
    dead small blind (stack ``stack``); seat 5 joins posting a big blind,
    all-in for 2."""
    t = Table(Rules.no_limit(small_blind=1, big_blind=2), seats=6, button="moving", seed=1)
    for s in range(5):
        t.sit(s, stack if s == 4 else 500)
    t.set_button(0)
    for k in range(4):
        h = t.new_hand()
        while h.legal_actions():
            h.fold() if h.legal_actions().can_fold else h.check_or_call()
        t.finish(h)
        if k == 0:
            t.sit_out(4)
    t.sit_in(4, entry="post")
    t.sit(5, 2, entry="post")
    return t, t.new_hand()


def test_a_dead_small_blind_is_dead_money_in_the_main_pot() -> None:
    # Seat 4 puts in 2 live and 1 dead, all-in; seats 2 and 3 call 2, seat 5
    # is all-in for 2. The dead chip is the main pot's (Robert's Rules: the
    # dead portion goes to the center), so every player still in can win
    # it: one pot of 1 + 2 + 2 + 2 + 2 + 1. It was a side pot of its own
    # for seats 2, 3 and 4, which seat 5, in for as much as seats 2 and 3,
    # could not win.
    t, h = _dead_small_blind_hand(3)
    seats = t.dealt_seats
    assert seats is not None
    while h.actor is not None:
        if seats[h.actor] in (0, 1) and h.legal_actions().can_fold:
            h.fold()
        else:
            h.check_or_call()
    by_seat = {seats[i]: c for i, c in enumerate(h.contributions)}
    assert by_seat == {0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 5: 2}
    (pot,) = h.pots
    assert pot.amount == 10
    assert {seats[i] for i in pot.eligible} == {2, 3, 4, 5}
    assert sum(h.final_stacks) == sum(h.starting_stacks)


def test_a_dead_small_blind_is_logged_as_dead_money() -> None:
    # Seat 4 posts 2 live and 1 dead, then raises to 10: the raise takes 8
    # (the dead chip is no part of its bet), and the events add up to the
    # stacks: the dead small blind is a POST_ANTE, not a POST_SMALL_BLIND
    # (which counts toward the street's bet).
    from reference_game import stacks_from_events

    t, h = _dead_small_blind_hand(500)
    seats = t.dealt_seats
    assert seats is not None
    four = seats.index(4)
    posts = [(e.kind, e.amount) for e in h.events if e.seat == four]
    assert posts[:2] == [(EventKind.POST_BIG_BLIND, 2), (EventKind.POST_ANTE, 1)]
    while h.actor is not None:
        if h.actor == four and h.bets[four] == 2:
            h.bet_or_raise_to(10)
        elif seats[h.actor] in (0, 1) and h.legal_actions().can_fold:
            h.fold()
        else:
            h.check_or_call()
    assert h.contributions[four] >= 11
    assert stacks_from_events(h) == list(h.final_stacks)
