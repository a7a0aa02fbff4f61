"""The stud games (seven-card stud, stud eight-or-better, razz) through the
Python API: hand-worked scenarios with the arithmetic in comments (the
bring-in, completing, the raise cap, who opens later streets, the
eight-player seventh street, the odd chip), random hands paid as a plain
Python reference (tests/reference_eval.py) says, and their hand histories
and saved states. The rules and their sources are in docs/game.md
("Stud games")."""

from __future__ import annotations

import itertools
import pickle
import random
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import holecards as hc
import reference_eval as ref
from holecards import ConfigError, EventKind, Hand, IllegalActionError, Rules, Street, phh

pytestmark = pytest.mark.timeout(120)

GAMES = ["stud", "stud-hi-lo", "razz"]


def cards(text: str) -> List[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def stud(game: str = "stud", **kw: int) -> Rules:
    o = {"ante": 1, "bring_in": 1, "small_bet": 4}
    o.update(kw)
    return Rules.stud(game=game, **o)


# ---------------------------------------------------------------------------
# Hand-worked scenarios
# ---------------------------------------------------------------------------


def test_the_lowest_up_card_brings_in_and_may_complete() -> None:
    # Button at seat 2: seat 0 is dealt first. Up cards (the third card):
    # 2d, 2c, Kh. The lowest is a deuce; clubs rank below diamonds, so the
    # 2c (seat 1) brings in.
    h = Hand(
        stud(),
        [50, 50, 50],
        button=2,
        hole_cards=["AsAh2d", "9s9h2c", "QcJcKh"],
    )
    assert [[str(c) for c in h.up_cards(s)] for s in range(3)] == [["2d"], ["2c"], ["Kh"]]
    assert h.street == Street.THIRD and h.pot == 3  # three antes of 1
    la = h.legal_actions()
    assert la is not None and la.seat == 1 and la.bring_in
    # the bring-in (1), or completing to the small bet (4); no fold, no check
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (1, 4, 4)
    assert not la.can_fold and not la.can_check
    for refused in (h.fold, lambda: h.check(seat=1)):
        before = h.copy()
        with pytest.raises(IllegalActionError) as e:
            refused()
        assert e.value.reason in (hc.IllegalReason.MUST_BRING_IN, hc.IllegalReason.CANNOT_CHECK)
        assert h == before
    h.bring_in()
    assert h.history[-1].kind == hc.ActionKind.BRING_IN and h.bets == [0, 1, 0]
    # Seat 2 (left of the bring-in) calls 1 or completes to 4.
    la = h.legal_actions()
    assert la is not None and la.seat == 2 and not la.bring_in
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (1, 4, 4)
    with pytest.raises(IllegalActionError) as e:
        h.bring_in()
    assert e.value.reason == hc.IllegalReason.NOT_BRINGING_IN
    h.bet_or_raise_to(4)  # the completion: the round's first full bet
    assert h.history[-1].kind == hc.ActionKind.BET
    # Raises go up by the small bet: 8, 12, 16, 20 (four raises after the
    # completion, the default cap), then only calls.
    for to in (8, 12, 16, 20):
        la = h.legal_actions()
        assert la is not None and la.min_raise_to == la.max_raise_to == to
        h.bet_or_raise_to(to)
    la = h.legal_actions()
    assert la is not None and la.min_raise_to is None and la.call_amount > 0


def test_a_completion_reopens_the_betting_however_little_it_adds() -> None:
    # Bring-in 4, small bet 6 (a bring-in above half the bet). Button at
    # seat 2: seat 0's 2c brings in 4. The completion to 6 adds 2, less
    # than half a bet over the bring-in, yet it is the round's first full
    # bet (rule 229): the bring-in and a player who called it may raise a
    # full bet to 12 (6 + 6). Both were refused: "the bet grew by less
    # than half a bet since this player acted".
    rules = Rules.stud(game="stud", bring_in=4, small_bet=6, heads_up_uncapped=False)
    deal = ["AsKs2c", "AhKh9c", "AdKdTc"]
    h = Hand(rules, [300, 300, 300], button=2, hole_cards=deal)
    h.bring_in()  # seat 0: 4
    h.bet_or_raise_to(6)  # seat 1 completes
    h.check_or_call()  # seat 2 calls 6
    la = h.legal_actions()
    assert la is not None and la.seat == 0
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (2, 12, 12)
    h.bet_or_raise_to(12)
    assert h.bets == [12, 6, 6]
    g = Hand(rules, [300, 300, 300], button=2, hole_cards=deal)
    g.bring_in()  # seat 0: 4
    g.check_or_call()  # seat 1 calls 4
    g.bet_or_raise_to(6)  # seat 2 completes
    for seat in (0, 1):
        la = g.legal_actions()
        assert la is not None and la.seat == seat
        assert (la.call_amount, la.min_raise_to) == (2, 12)
        g.check_or_call()
    # An all-in for less than half the small bet (the whole wager, as rule
    # 129 counts it) is no completion: bring-in 1, small bet 10, seat 1
    # all-in for 4. Seat 2, yet to act, may complete to 10; the bring-in,
    # whose post was its move, may call.
    r2 = Rules.stud(game="stud", bring_in=1, small_bet=10)
    k = Hand(r2, [100, 4, 100], button=2, hole_cards=deal)
    k.bring_in()
    k.bet_or_raise_to(4)  # seat 1, all-in
    la = k.legal_actions()
    assert la is not None and la.seat == 2 and (la.call_amount, la.min_raise_to) == (4, 10)
    k.check_or_call()
    la = k.legal_actions()
    assert la is not None and la.seat == 0
    assert (la.call_amount, la.min_raise_to) == (3, None)


def test_half_the_small_bet_is_counted_from_nothing_not_from_the_bring_in() -> None:
    # Bring-in 3, small bet 10: an all-in to 5 is half a bet (rule 129: "an
    # all-in wager of half a bet or more is treated as a full bet"), though
    # it adds only 2 to the bring-in: a completion. The next full raise is
    # to 5 + 10 = 15, and the bring-in, reopened, may raise. An all-in to 4
    # is no completion: the next player may complete to 10, the bring-in
    # only call or fold.
    deal = ["AsKs2c", "AhKh9c", "AdKdTc"]
    rules = Rules.stud(game="stud", bring_in=3, small_bet=10)
    h = Hand(rules, [100, 5, 100], button=2, hole_cards=deal)
    h.bring_in()  # seat 0: 3
    h.bet_or_raise_to(5)  # seat 1, all-in
    la = h.legal_actions()
    assert la is not None and la.seat == 2 and (la.call_amount, la.min_raise_to) == (5, 15)
    h.check_or_call()
    la = h.legal_actions()
    assert la is not None and la.seat == 0 and (la.call_amount, la.min_raise_to) == (2, 15)
    k = Hand(rules, [100, 4, 100], button=2, hole_cards=deal)
    k.bring_in()
    k.bet_or_raise_to(4)  # seat 1, all-in
    la = k.legal_actions()
    assert la is not None and la.seat == 2 and (la.call_amount, la.min_raise_to) == (4, 10)
    k.check_or_call()
    la = k.legal_actions()
    assert la is not None and la.seat == 0 and (la.call_amount, la.min_raise_to) == (1, None)


def test_razz_brings_in_with_the_highest_up_card_aces_low() -> None:
    # Up cards Kc, As (an ace is low in razz), Qd: the king brings in.
    h = Hand(stud("razz"), [50, 50, 50], button=2, hole_cards=["2s3hKc", "4s5hAs", "6s7hQd"])
    la = h.legal_actions()
    assert la is not None and la.seat == 0 and la.bring_in


def test_the_best_up_cards_open_later_streets() -> None:
    # Third street: up cards 5c (seat 0), 3d (seat 1), 8s (seat 2): the 3d
    # brings in; everyone calls. Fourth street up cards: 5c 5h (a pair),
    # 3d Ah, 8s Ks. Stud: the pair of fives opens, though the others hold
    # higher cards. Razz: the lowest showing, 3-A (aces low), opens.
    given = ["2c9d5c5h", "JhQh3dAh", "2d4h8sKs"]
    for game, opener in (("stud", 0), ("stud-hi-lo", 0), ("razz", 1)):
        h = Hand(stud(game), [50, 50, 50], button=2, hole_cards=given)
        first = h.legal_actions()
        # razz: the highest up card (8s) brings in; stud: the lowest (3d)
        assert first is not None and first.seat == (2 if game == "razz" else 1)
        h.bring_in()
        h.check_or_call()
        h.check_or_call()
        assert h.street == Street.FOURTH
        la = h.legal_actions()
        assert la is not None and la.seat == opener, game
        # fourth street is still the small bet: a bet of 4
        assert (la.can_check, la.min_raise_to) == (True, 4)


def test_fifth_street_bets_are_the_big_bet() -> None:
    h = Hand(stud(), [100, 100], button=1)
    while h.street < Street.FIFTH or h.street == Street.SHOWDOWN:
        h.check_or_call()
    la = h.legal_actions()
    assert h.street == Street.FIFTH and la is not None and la.min_raise_to == 8


def test_eight_players_and_the_community_card_of_seventh_street() -> None:
    # Eight players, nobody folds: third street deals 24 cards, fourth to
    # sixth 8 each after a burn: 24 + 3 * (1 + 8) = 51, so 1 card is left
    # for 8 players' seventh-street cards. The three burns scrambled back in
    # make 4 (fewer than 8), so one card is burned and one turned face up
    # as a community card that every player uses (live-action rule 238).
    for seed in range(6):
        h = Hand(stud(), [100] * 8, seed=seed)
        while h.legal_actions() is not None:
            h.check_or_call()
        assert h.street == Street.SHOWDOWN
        assert len(h.board) == 1
        community = h.board[0]
        holes = [h.hole_cards(s) for s in range(8)]
        assert all(len(x) == 6 for x in holes)
        dealt = [c for x in holes for c in x] + [community]
        assert len(set(dealt)) == 49
        kinds = [e.kind for e in h.events if e.street == Street.SEVENTH]
        assert kinds.count(EventKind.DEAL_BOARD) == 1 and kinds.count(EventKind.DEAL_HOLE) == 0
        # the pot goes to the best hand of six cards and the community card
        keys = [ref.best([to_ref(c) for c in x + [community]])[0] for x in holes]
        best = max(keys)
        winners = [s for s in range(8) if keys[s] == best]
        payoffs = h.payoffs
        assert payoffs is not None
        assert all((payoffs[s] > 0) == (s in winners) for s in range(8))


def test_the_events_of_streets_dealt_stay_as_they_were() -> None:
    # Seven players, nobody folds: 21 + 3 * (1 + 7) = 45 cards before
    # seventh street, 7 left for 7 players and a burn (rule 238's "players
    # left plus two" is 9: the three burns go back in). The earlier burns
    # the events showed must not change when the scramble takes them back,
    # and seventh street has a burn of its own; the same with eight players
    # (a community card).
    for n in (7, 8):
        for seed in range(4):
            h = Hand(stud(), [100] * n, button=n - 1, seed=seed)
            before = []
            while h.street != Street.SEVENTH:
                before = [(e.kind, e.street, e.cards) for e in h.events]
                h.check_or_call()
            while h.legal_actions() is not None:
                h.check_or_call()
            after = [(e.kind, e.street, e.cards) for e in h.events]
            assert after[: len(before)] == before, (n, seed)
            burns = [e for e in h.events if e.kind == EventKind.BURN]
            assert [e.street for e in burns] == [
                Street.FOURTH,
                Street.FIFTH,
                Street.SIXTH,
                Street.SEVENTH,
            ]
            assert all(e.cards is not None and len(e.cards) == 1 for e in burns)
            # three different cards burned before the scramble
            assert len({e.cards[0] for e in burns[:3]}) == 3


def test_an_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    # Seats 0 and 1 both make A-A-J-9-8; seat 2 folds. The pot: antes 3 +
    # bring-in 1 + call 1 = 5, split 2 and 2, and the odd chip to the
    # highest card by suit of the five each plays: the ace of spades (seat
    # 0) beats the ace of diamonds.
    h = Hand(
        stud(),
        [20, 20, 20],
        button=2,
        hole_cards=["AsAh2c7d8h9cJd", "AcAd3c7c8d9dJh", "KcQc5sTs6s4d3s"],
    )
    assert h.legal_actions().seat == 0  # type: ignore[union-attr]  # the 2c brings in
    h.bring_in()
    h.check_or_call()
    h.fold()
    while h.legal_actions() is not None:
        h.check_or_call()
    assert h.final_stacks == [21, 20, 19]


def test_a_shared_community_card_passes_the_odd_chip_to_the_next_card() -> None:
    # Razz, eight players, no ante, bring-in 1: everyone puts in 1 and
    # checks to the end. Six cards each are given; the four sixes are all
    # that is left, so seventh street is a community six. Seats 0, 5 and 6
    # each play 6-4-3-2-A (their six is the community card) and split the
    # pot of 8: 2 each and 2 odd chips. The highest card by suit is the
    # shared six for all three; the next decides: 4h (seat 6), then 4d
    # (seat 5), then 4c (seat 0). The same once written as PHH and
    # replayed, whose seat numbers start left of the button.
    rules = Rules.stud(game="razz", bring_in=1, small_bet=2)
    hole = [
        "AcQc2c3c4cKc",
        "As5c7c8c9cTc",
        "2s5d7d8d9dTd",
        "3s5h7h8h9hTh",
        "4s5s7s8s9sTs",
        "AdQd2d3d4dKd",
        "AhQh2h3h4hKh",
        "JcJdJhJsKsQs",
    ]
    h = Hand(rules, [100] * 8, button=3, seed=0, hole_cards=hole)
    while not h.is_over:
        h.check_or_call()
    assert [str(c) for c in h.board][0][0] == "6"
    assert h.payoffs == [1, -1, -1, -1, -1, 2, 2, -1]
    back = phh.loads(phh.dumps(h))[0].replay()
    assert back.payoffs is not None
    assert [back.payoffs[(s - 4) % 8] for s in range(8)] == h.payoffs


def test_tied_winners_are_paid_from_the_buttons_left() -> None:
    # Razz, button 0: seats 0 and 2 both make 5-4-3-2-A and split the pot
    # of 3 (bring-in 1, two calls); the odd chip to the highest card by
    # suit, the 5d (seat 2) over the 5c. The awards, as every award, in
    # seat order from the button's left: seat 2 (2 chips), then seat 0.
    rules = Rules.stud(game="razz", bring_in=1, small_bet=2)
    hole = ["AcKc2c3c4c5cQc", "JhJsThTs9h9s8h", "AdKd2d3d4d5dQd"]
    h = Hand(rules, [50] * 3, button=0, hole_cards=hole)
    while not h.is_over:
        h.check_or_call()
    awards = [(e.seat, e.amount) for e in h.events if e.kind == EventKind.AWARD]
    assert awards == [(2, 2), (0, 1)]


def test_given_cards_that_leave_the_stub_short_never_deal_a_card_twice() -> None:
    # Eight players, 49 cards given (7, 7, 6, 6, 6, 6, 6 and 5): three are
    # left, all burned by the fourth, fifth and sixth streets, and seat 7
    # still needs its sixth card: the burns go back in (as on seventh
    # street), no card is dealt twice. Seventh street: seats 0 and 1 were
    # given theirs, the six others need one each and the stub holds two,
    # so the call that would deal it is refused (a community card would
    # drop the given ones) until only four players are left (two given,
    # two to deal from the two in the stub): the last check of sixth
    # street is refused, so that player bets and players fold to it.
    deck = [str(c) for c in hc.Game("stud").deck()]
    hole, i = [], 0
    for k in [7, 7, 6, 6, 6, 6, 6, 5]:
        hole.append("".join(deck[i : i + k]))
        i += k
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2)
    h = Hand(rules, [100] * 8, seed=0, hole_cards=hole)
    refused, shrink = 0, False
    while not h.is_over:
        la = h.legal_actions()
        assert la is not None
        before = pickle.dumps(h)
        try:
            if shrink and la.seat >= 2 and la.can_fold and sum(not f for f in h.folded) > 4:
                h.fold()
            else:
                h.check_or_call()
        except hc.CardError as e:
            assert "seventh street needs" in str(e) and h.street == Street.SIXTH
            assert pickle.dumps(h) == before
            # (the round stays open: a bet, and players fold to it)
            refused, shrink = refused + 1, True
            assert la.min_raise_to is not None
            h.bet_or_raise_to(la.min_raise_to)
    assert refused >= 1
    assert sum(not f for f in h.folded) == 4
    held = [str(c) for s in range(8) for c in h.hole_cards(s)] + [str(c) for c in h.board]
    assert len(held) == len(set(held)) and h.board == []
    assert [str(c) for c in h.hole_cards(0)] == cards(hole[0])
    assert pickle.loads(pickle.dumps(h)) == h
    # Given cards that would be short only if every seat stayed: five
    # seats given all seven, three given their third-street cards, who
    # fold (44 cards given, 8 left: three burns and nothing else to deal).
    # A real hand of this shape replays, so it is not refused up front.
    hole, i = [], 0
    for k in [7, 7, 7, 7, 7, 3, 3, 3]:
        hole.append("".join(deck[i : i + k]))
        i += k
    h = Hand(rules, [100] * 8, button=7, seed=0, hole_cards=hole)
    while not h.is_over:
        la = h.legal_actions()
        assert la is not None
        if la.seat >= 5 and la.can_fold:
            h.fold()
        else:
            h.check_or_call()
    assert [len(h.hole_cards(s)) for s in range(5)] == [7] * 5
    assert [str(c) for c in h.hole_cards(0)] == cards(hole[0])
    assert pickle.loads(pickle.dumps(h)) == h


def deck_split(sizes: Sequence[int]) -> List[str]:
    """The stud deck in index order cut into hands of `sizes` cards."""
    deck = [str(c) for c in hc.Game("stud").deck()]
    out, i = [], 0
    for k in sizes:
        out.append("".join(deck[i : i + k]))
        i += k
    return out


def test_a_move_that_would_start_a_street_the_given_cards_cannot_deal_is_refused() -> None:
    # Seven seats given all seven cards at an eight-handed table: 49 cards,
    # three left, which third street deals to seat 7. Fourth street would
    # need a card for seat 7 and the stub (no burn yet) holds none, so
    # seat 7's call, the move that would deal it, is refused and nothing
    # changes; seat 7's fold instead lets the seven given hands play out.
    hole: List[Optional[str]] = list(deck_split([7] * 7)) + [None]
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2)
    h = Hand(rules, [100] * 8, seed=0, hole_cards=hole)
    while True:
        la = h.legal_actions()
        assert la is not None
        if la.seat == 7:
            break
        h.check_or_call()
    before = pickle.dumps(h)
    with pytest.raises(hc.CardError, match="fourth street needs 1") as e:
        h.check_or_call()
    assert isinstance(e.value, ValueError) and e.value.field == "hole_cards"
    assert pickle.dumps(h) == before
    with pytest.raises(hc.CardError):
        h.act(7, hc.ActionKind.CALL)
    assert pickle.dumps(h) == before
    h.fold()
    while not h.is_over:
        h.check_or_call()
    for s in range(7):
        assert [str(c) for c in h.hole_cards(s)] == cards(hole[s] or "")
    held = [str(c) for s in range(8) for c in h.hole_cards(s)]
    assert len(held) == len(set(held)) and h.board == []
    assert pickle.loads(pickle.dumps(h)) == h


def test_a_folded_players_undealt_given_cards_go_back_into_the_stub() -> None:
    # Seven seats given all seven cards, seat 7 given none: third street
    # deals seat 7 the last three cards. Raised to the cap and called
    # round, the last call, which would deal fourth street (no card for
    # seat 7), is refused; the caller's fold puts its four undealt cards (the
    # fourth- to seventh-street cards it was given) back in the stub, so
    # fourth street deals seat 7 one of them.
    deck = [str(c) for c in hc.Game("stud").deck()]
    hole: List[Optional[str]] = ["".join(deck[7 * i : 7 * i + 7]) for i in range(7)] + [None]
    h = Hand(
        Rules.stud(game="stud", bring_in=1, small_bet=2, ante=1), [100] * 8, seed=0, hole_cards=hole
    )
    while True:
        la = h.legal_actions()
        assert la is not None
        if la.min_raise_to is not None:
            h.bet_or_raise_to(la.min_raise_to)
            continue
        before = pickle.dumps(h)
        try:
            h.check_or_call()
        except hc.CardError as e:
            assert "fourth street needs 1" in str(e) and pickle.dumps(h) == before
            break
    folder = la.seat
    assert folder != 7
    h.fold()
    assert h.street == Street.FOURTH
    fourth = h.hole_cards(7)[3]
    assert str(fourth) in cards(hole[folder] or "")[3:]
    while not h.is_over:
        h.check_or_call()
    held = [str(c) for s in range(8) for c in h.hole_cards(s)] + [str(c) for c in h.board]
    assert len(held) == len(set(held))
    # (a history's players from the dealer's left: seat button + 1 first)
    in_order = [h.final_stacks[(h.button + 1 + i) % 8] for i in range(8)]
    assert phh.loads(phh.dumps(h))[0].replay().final_stacks == in_order
    assert pickle.loads(pickle.dumps(h)) == h


def test_a_hand_given_cards_for_players_who_fold_replays_from_its_history() -> None:
    # Seats 0 and 1 given all seven cards fold on third street; the six
    # others play to the end. Their undealt given cards are in the stub as
    # a real deck's are, so seventh street is what the history's replay
    # (which never saw them) deals too.
    deck = [str(c) for c in hc.Game("stud").deck()]
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2, ante=1)
    for seed in range(40):
        hole: List[Optional[str]] = ["".join(deck[0:7]), "".join(deck[7:14])] + [None] * 6
        h = Hand(rules, [100] * 8, seed=seed, hole_cards=hole)
        while not h.is_over:
            la = h.legal_actions()
            assert la is not None
            if la.seat in (0, 1) and la.can_fold:
                h.fold()
            elif la.seat >= 2 and la.can_check and not (h.folded[0] and h.folded[1]):
                assert la.min_raise_to is not None
                h.bet_or_raise_to(la.min_raise_to)
            else:
                h.check_or_call()
        replayed = phh.loads(phh.dumps(h))[0].replay()
        in_order = [h.final_stacks[(h.button + 1 + i) % 8] for i in range(8)]
        assert replayed.final_stacks == in_order, seed
        assert [str(c) for c in replayed.board] == [str(c) for c in h.board]


def test_given_cards_that_cannot_deal_the_run_out_are_refused_when_built() -> None:
    # Everyone all-in on the ante: the hand deals to the end as it is
    # built. Seven seats given all seven cards leave seat 7 no
    # fourth-street card; one seat given its seventh card among eight who
    # stay cannot have it (52 - 24 - 24 = 4 cards, 7 wanted by the others
    # with the burns back in: rule 238 turns a community card instead).
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2, ante=1)
    hole: List[Optional[str]] = list(deck_split([7] * 7)) + [None]
    with pytest.raises(
        hc.CardError, match="fourth street needs 1.*dealt to the end as it is built"
    ):
        Hand(rules, [1] * 8, seed=0, hole_cards=hole)
    hole = [deck_split([7])[0]] + [None] * 7
    with pytest.raises(hc.CardError, match="seventh street needs 7"):
        Hand(rules, [1] * 8, seed=0, hole_cards=hole)
    # given six, the same seat plays the community card like everyone
    hole[0] = hole[0][:12]
    h = Hand(rules, [1] * 8, seed=0, hole_cards=hole)
    assert h.is_over and len(h.board) == 1
    assert [str(c) for c in h.hole_cards(0)] == cards(hole[0])
    held = [str(c) for s in range(8) for c in h.hole_cards(s)] + [str(c) for c in h.board]
    assert len(held) == len(set(held)) == 49


def test_a_given_community_card_needs_the_eight_players_who_run_the_deck_out() -> None:
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2)
    # With seven players or fewer the stub always holds a card each
    # (52 - 21 - 3 burns - 21 = 7, plus the 3 burns scrambled back: 10 for
    # at most 7 + 2 wanted), so a community card is refused up front.
    for n in range(2, 8):
        with pytest.raises(hc.CardError, match="rule 238") as e:
            Hand(rules, [100] * n, seed=0, board=["Ad"])
        assert e.value.field == "board"
    # Eight players, but six fold on third street: the two left have 52 -
    # 24 - 3 burns - 4 = 21 cards in the stub at seventh street, a card
    # each, so the move that would deal seventh street is refused; a fold
    # ends the hand instead.
    h = Hand(rules, [100] * 8, button=7, seed=3, board=["Ad"])
    while h.street == Street.THIRD:
        la = h.legal_actions()
        assert la is not None
        if la.seat >= 2 and la.can_fold:
            h.fold()
        else:
            h.check_or_call()
    while h.street != Street.SIXTH:
        h.check_or_call()
    h.check_or_call()  # the first check of sixth street
    before = pickle.dumps(h)
    with pytest.raises(hc.CardError, match="community card was given") as e:
        h.check_or_call()
    assert e.value.field == "board" and pickle.dumps(h) == before
    h.bet_or_raise_to(4)
    with pytest.raises(hc.CardError):
        h.check_or_call()
    h.fold()
    assert h.is_over and h.board == []
    # All eight staying to seventh street run the deck out: the given card
    # is the community card (52 - 24 - 3 burns - 24 = 1 in the stub, the
    # given ace: fewer than the 8 + 2 rule 238 wants, even with the burns).
    h = Hand(rules, [100] * 8, button=7, seed=3, board=["Ad"])
    while not h.is_over:
        h.check_or_call()
    assert [str(c) for c in h.board] == ["Ad"]
    assert all(len(h.hole_cards(s)) == 6 for s in range(8))


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 8),
    sizes=st.lists(st.integers(0, 7), min_size=8, max_size=8),
    moves=st.lists(st.integers(0, 3), min_size=1, max_size=80),
    seed=st.integers(0, 2**32),
)
def test_random_given_cards_never_deal_a_card_twice_and_a_refusal_changes_nothing(
    n: int, sizes: List[int], moves: List[int], seed: int
) -> None:
    deck = [str(c) for c in hc.Game("stud").deck()]
    random.Random(seed).shuffle(deck)
    hole: List[Optional[str]] = []
    i = 0
    for k in sizes[:n]:
        k = min(k, len(deck) - i)
        hole.append("".join(deck[i : i + k]) if k else None)
        i += k
    rules = Rules.stud(game="stud", bring_in=1, small_bet=2, ante=1)
    try:
        h = Hand(rules, [30] * n, seed=seed, hole_cards=hole)
    except hc.CardError:
        return
    for m in moves:
        if h.is_over:
            break
        la = h.legal_actions()
        assert la is not None
        before = pickle.dumps(h)
        try:
            if m == 0 and la.can_fold:
                h.fold()
            elif m == 1 and la.min_raise_to is not None:
                h.bet_or_raise_to(la.min_raise_to)
            else:
                h.check_or_call()
        except hc.CardError:
            assert pickle.dumps(h) == before
            if not la.can_fold:
                return
            h.fold()
        held = [str(c) for s in range(n) for c in h.hole_cards(s)] + [str(c) for c in h.board]
        assert len(held) == len(set(held))
        for s in range(n):
            given = cards(hole[s] or "")
            mine = [str(c) for c in h.hole_cards(s)]
            assert mine[: len(given)] == given[: len(mine)]
    assert pickle.loads(pickle.dumps(h)) == h


def test_a_history_that_deals_a_player_twice_in_a_street_is_refused() -> None:
    h = Hand(Rules.stud(game="stud", bring_in=1, small_bet=2), [100] * 8, seed=5)
    while not h.is_over:
        h.check_or_call()
    text = phh.dumps(h)
    assert "'d dh p4 " in text
    four = text.index("'d dh p4 ", text.index("'d dh p4 ") + 1)  # fourth street's
    bad = text[:four] + "'d dh p3 " + text[four + len("'d dh p4 ") :]
    with pytest.raises(hc.HandHistoryError, match="dealt out of turn"):
        phh.loads(bad)[0].replay()
    assert phh.loads(text)[0].replay().is_over


def test_stud_hi_lo_splits_and_the_high_takes_the_odd_chip() -> None:
    # Seat 0: 7-6-4-3-2 low and a seven-high... Seat 1: trips, no low.
    # The pot: antes 2 + bring-in 1 + call 1 = 4? With three antes it is
    # 3 + 1 + 1 = 5 once seat 2 folds: the high half 3, the low half 2.
    h = Hand(
        stud("stud-hi-lo"),
        [20, 20, 20],
        button=2,
        hole_cards=["7h6d2c4s3hKdQc", "KsKh3cKcJs9s8s", "AcAd5sTc6s4d3s"],
    )
    assert h.legal_actions().seat == 0  # type: ignore[union-attr]  # the 2c brings in
    h.bring_in()
    h.check_or_call()
    h.fold()
    while h.legal_actions() is not None:
        h.check_or_call()
    # seat 0: -2 + 2 (low); seat 1: -2 + 3 (high, the odd chip)
    assert h.final_stacks == [20, 21, 19]
    assert h.pots[0].winners == (1,) and h.pots[0].low_winners == (0,)


# ---------------------------------------------------------------------------
# Random hands against the plain-Python reference
# ---------------------------------------------------------------------------


def to_ref(card: object) -> ref.Card:
    text = str(card)
    return (ref.RANK_CHARS.index(text[0]), ref.SUIT_CHARS.index(text[1]))


def card_key(card: ref.Card, aces_low: bool) -> int:
    rank, suit = card
    return ((rank + 1) % 13 if aces_low else rank) * 4 + suit


def high_part(game: str, hand: Sequence[ref.Card]):
    """The seat's showdown key for the pot's high (razz: its low) part,
    greater better, and the odd-chip key: the cards of the best five that
    makes it by rank and suit, highest first (the highest card by suit
    decides; a shared community card passes to the next), the most
    favourable five when several do."""
    if game == "razz":
        fives = [(tuple(-x for x in flat(ref.ace_to_five5(f))), f) for f in subsets(hand)]
    else:
        fives = [(ref.eval5(f), f) for f in subsets(hand)]
    best = max(k for k, _ in fives)
    top = max(by_card(f, game == "razz") for k, f in fives if k == best)
    return best, top


def by_card(five: Sequence[ref.Card], aces_low: bool) -> Tuple[int, ...]:
    return tuple(sorted((card_key(c, aces_low) for c in five), reverse=True))


def low_part(hand: Sequence[ref.Card]):
    lows = [(ref.low8_of_five(f), f) for f in subsets(hand)]
    found = [(low, f) for low, f in lows if low is not None]
    if not found:
        return None, ()
    best = min(low for low, _ in found)
    top = max(by_card(f, True) for low, f in found if low == best)
    return tuple(-x for x in best), top


def flat(key) -> tuple:
    return (key[0],) + tuple(key[1])


def subsets(hand: Sequence[ref.Card]):
    return list(itertools.combinations(hand, 5))


def share(
    amount: int, winners: List[int], tops: Dict[int, Tuple[int, ...]], out: List[int]
) -> None:
    order = sorted(winners, key=lambda s: tops[s], reverse=True)
    each, odd = divmod(amount, len(winners))
    for i, s in enumerate(order):
        out[s] += each + (1 if i < odd else 0)


def reference_payouts(h: Hand) -> List[int]:
    game = h.rules.game.code
    n = h.num_players
    board = [to_ref(c) for c in h.board]
    hands = {s: [to_ref(c) for c in h.hole_cards(s)] + board for s in range(n)}
    out = [0] * n
    for pot in h.pots:
        live = list(pot.eligible)
        highs = {s: high_part(game, hands[s]) for s in live}
        best = max(highs[s][0] for s in live)
        hi = [s for s in live if highs[s][0] == best]
        lows = {s: low_part(hands[s]) for s in live} if game == "stud-hi-lo" else {}
        qualified = [s for s in lows if lows[s][0] is not None]
        if not qualified:
            share(pot.amount, hi, {s: highs[s][1] for s in hi}, out)
            continue
        best_low = max(lows[s][0] for s in qualified)
        lo = [s for s in qualified if lows[s][0] == best_low]
        low_half = pot.amount // 2
        share(pot.amount - low_half, hi, {s: highs[s][1] for s in hi}, out)
        share(low_half, lo, {s: lows[s][1] for s in lo}, out)
    return out


def play_random(h: Hand, rnd: random.Random, fold: float = 0.1) -> None:
    while (la := h.legal_actions()) is not None:
        x = rnd.random()
        if la.can_fold and x < fold:
            h.fold()
        elif la.min_raise_to is not None and x < 0.45:
            h.bet_or_raise_to(rnd.randint(la.min_raise_to, la.max_raise_to))
        else:
            h.check_or_call()


def random_hand(rnd: random.Random, game: str, n: int) -> Hand:
    small = rnd.choice([2, 4, 10])
    rules = Rules.stud(
        game=game,
        ante=rnd.choice([0, 1, 2]),
        bring_in=rnd.randint(1, small - 1),
        small_bet=small,
        raise_cap=rnd.choice([4, 4, 1, None]),
    )
    stacks = [rnd.choice([3, 8, 20, 60, 200]) for _ in range(n)]
    return Hand(rules, stacks, button=rnd.randrange(n), seed=rnd.randrange(2**64))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 8), st.randoms(use_true_random=False))
def test_random_stud_hands_pay_as_the_reference(game: str, n: int, rnd: random.Random) -> None:
    h = random_hand(rnd, game, n)
    play_random(h, rnd)
    assert h.is_over
    final = h.final_stacks
    assert final is not None and sum(final) == sum(h.starting_stacks)
    dealt = [c for s in range(n) for c in h.hole_cards(s)] + h.board
    assert len(set(map(str, dealt))) == len(dealt)
    if h.street != Street.SHOWDOWN:
        return
    won = reference_payouts(h)
    contributions = h.contributions
    assert final == [h.starting_stacks[s] - contributions[s] + won[s] for s in range(n)]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 8), st.randoms(use_true_random=False))
def test_stud_hands_write_and_replay_and_save_unchanged(
    game: str, n: int, rnd: random.Random
) -> None:
    h = random_hand(rnd, game, n)
    steps = 0
    while (la := h.legal_actions()) is not None:
        # a saved hand comes back equal, and plays on the same
        back = pickle.loads(pickle.dumps(h))
        assert back == h and back.legal_actions() == la
        view = h.view(la.seat)
        assert pickle.loads(pickle.dumps(view)) == view
        assert view.up_cards == [h.up_cards(s) for s in range(n)]
        others = [s for s in range(n) if s != la.seat]
        for s in others:
            # another seat's down cards are hidden, its up cards public
            assert view.to_dict()["up_cards"][s] == [str(c) for c in h.up_cards(s)]
        play_random_step(h, la, rnd)
        steps += 1
    text = phh.dumps(h)
    (history,) = phh.loads(text)
    replayed = history.replay()
    b = h.button
    order = [(b + 1 + i) % n for i in range(n)]
    assert replayed.final_stacks == [h.final_stacks[s] for s in order]  # type: ignore[index]
    assert [replayed.hole_cards(i) for i in range(n)] == [h.hole_cards(s) for s in order]
    assert replayed.board == h.board


def play_random_step(h: Hand, la: hc.LegalActions, rnd: random.Random) -> None:
    x = rnd.random()
    if la.can_fold and x < 0.1:
        h.fold()
    elif la.min_raise_to is not None and x < 0.45:
        h.bet_or_raise_to(rnd.randint(la.min_raise_to, la.max_raise_to))
    else:
        h.check_or_call()


def test_a_seat_view_hides_down_cards_and_shows_up_cards() -> None:
    h = Hand(stud(), [50, 50, 50], button=2, hole_cards=["AsAh2d", "9s9h2c", "QcJcKh"])
    v = h.view(0)
    assert [str(c) for c in v.hole_cards or []] == ["As", "Ah", "2d"]
    assert [[str(c) for c in up] for up in v.up_cards] == [["2d"], ["2c"], ["Kh"]]
    deals = [e for e in v.events if e.kind == EventKind.DEAL_HOLE and e.seat == 1]
    assert deals and deals[0].cards is None  # seat 1's down cards: hidden
    ups = [e for e in v.events if e.kind == EventKind.DEAL_UP and e.seat == 1]
    assert ups and [str(c) for c in ups[0].cards or []] == ["2c"]


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"game": "holdem", "bring_in": 1, "small_bet": 2}, "not a stud game"),
        ({"game": "stud", "bring_in": 2, "small_bet": 2}, "below the small bet"),
        ({"game": "stud", "bring_in": 0, "small_bet": 2}, "bring-in"),
        ({"game": "razz", "bring_in": 1, "small_bet": 0}, "small_bet"),
        ({"game": "razz", "bring_in": -1, "small_bet": 2}, "bring_in"),
        ({"game": "stud", "bring_in": 1, "small_bet": 2, "ante": 2**70}, "ante"),
        ({"game": "stud", "bring_in": 1, "small_bet": 10, "big_bet": 3}, "below small_bet"),
    ],
)
def test_bad_stud_rules_are_refused(kw: Dict[str, int], words: str) -> None:
    with pytest.raises(ConfigError) as e:
        Rules.stud(**kw)  # type: ignore[arg-type]
    assert words in str(e.value) and isinstance(e.value, ValueError)


def test_a_big_bet_below_the_small_bet_is_refused_in_every_fixed_limit_game() -> None:
    # The larger bet is the later rounds' (WSOP live-action rules, section
    # IX: "the smaller bet is wagered for the first two betting rounds ...
    # and the larger bet is wagered for the last three"). Equal is allowed.
    for game in ("holdem", "omaha", "2-7-triple-draw", "badugi"):
        with pytest.raises(ConfigError, match="big_bet 3 is below small_bet 10"):
            Rules.fixed_limit(small_blind=5, big_blind=10, big_bet=3, game=game)
        assert Rules.fixed_limit(small_blind=5, big_blind=10, big_bet=10, game=game).big_bet == 10
    for game in ("stud", "stud-hi-lo", "razz"):
        with pytest.raises(ConfigError, match="below small_bet"):
            Rules.stud(
                game=game, bring_in=1, small_bet=10, big_bet=3, fourth_street_big_bet=game == "stud"
            )
        assert Rules.stud(game=game, bring_in=1, small_bet=10, big_bet=10).big_bet == 10


def test_games_and_rules_that_do_not_go_together_are_refused() -> None:
    with pytest.raises(ConfigError, match="played with a bring-in"):
        Rules.no_limit(small_blind=1, big_blind=2, game="razz")
    with pytest.raises(ConfigError, match="stud rules"):
        stud().with_game("holdem")
    assert stud().with_game("razz") == stud("razz")
    # A stud tournament's levels name the bring-in (tests/test_mixed.py
    # plays them; the default schedule has one).
    with pytest.raises(ConfigError, match="bring-in"):
        hc.simulate(["random", "random"], tournaments=2, seed=1, game="razz", levels=[(1, 2)])
    assert hc.simulate(["random", "random"], tournaments=2, seed=1, game="razz").tournaments == 2


@pytest.mark.parametrize(
    "holes, board, words",
    [
        (["AsAh2d", "AsKd3c"], None, "As"),
        (["AsAh2d", "KsKd3c"], "2c3c", "community card"),
        (["AsAh2d4d5d6d7d8d", "KsKd3c"], None, "first 1 to 7"),
    ],
)
def test_bad_given_stud_cards_are_refused(
    holes: List[str], board: Optional[str], words: str
) -> None:
    with pytest.raises(hc.HolecardsError) as e:
        Hand(stud(), [50, 50], hole_cards=holes, board=board)
    assert words in str(e.value)


def _fourth_street(option: bool, pair: bool = True) -> Hand:
    # Stud, $5-$10 (bring-in 2), three players, button 2: seat 0 is dealt
    # first. Up cards: seat 0 9h then 9d (or 8d: no pair), seat 1 4d then
    # Jc, seat 2 5s then 6s. Third street: 4d is the lowest up card, so
    # seat 1 brings in 2; seats 2 and 0 call 2.
    rules = Rules.stud(
        game="stud", bring_in=2, small_bet=5, big_bet=10, fourth_street_big_bet=option
    )
    fourth = "9d" if pair else "8d"
    h = Hand(
        rules,
        [200, 200, 200],
        button=2,
        hole_cards=["AsKs9h" + fourth, "2c3c4dJc", "QhQd5s6s"],
    )
    h.bring_in()
    h.check_or_call()
    h.check_or_call()
    assert h.street == Street.FOURTH and h.pot == 6
    return h


def test_the_fourth_street_big_bet_option_with_an_open_pair() -> None:
    # WSOP live-action rule 230: with an open pair showing, any player may
    # bet the lower or the upper limit; after a $5 bet, call $5, raise $5
    # or raise $10; after a $10 raise, raises are $10.
    h = _fourth_street(True)
    la = h.legal_actions()
    assert la.seat == 0  # the pair of nines shows best
    assert (la.min_raise_to, la.max_raise_to) == (5, 10)
    before = pickle.dumps(h)
    with pytest.raises(IllegalActionError, match="neither the small bet"):
        h.bet_or_raise_to(7)
    assert pickle.dumps(h) == before
    h.bet_or_raise_to(5)  # the small bet
    la = h.legal_actions()
    assert la.seat == 1 and la.call_amount == 5
    assert (la.min_raise_to, la.max_raise_to) == (10, 15)  # raise $5 or $10
    h.bet_or_raise_to(15)  # the big raise: 5 + 10
    la = h.legal_actions()
    # from here every raise is the big bet: 15 + 10
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (2, 15, 25, 25)
    h.check_or_call()
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (0, 10, 25, 25)
    assert pickle.loads(pickle.dumps(h)) == h
    # written and read back as PHH with the option
    h.fold()
    h.check_or_call()
    text = phh.dumps(h)
    assert "_fourth_street_big_bet = true" in text
    back = phh.loads(text)[0].replay()
    # (the cards still to come are the replay's own: compare what was dealt)
    assert back.history == h.history and back.stacks == h.stacks
    assert back.legal_actions() == h.legal_actions() and back.rules == h.rules


def test_the_big_bet_stays_when_the_open_pair_folds() -> None:
    # Seat 0 (9h 9d showing) checks; seat 1 bets the big bet, 10; seat 2
    # raises to 20; seat 0 folds: no pair shows now, but the round's bet
    # stays the big one (seat 1 may call 10 more or raise to 20 + 10 = 30),
    # and the state still pickles and reads back, in the middle of the
    # round and at the end.
    h = _fourth_street(True)
    h.check_or_call()
    h.bet_or_raise_to(10)
    h.bet_or_raise_to(20)
    h.fold()
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (1, 10, 30, 30)
    back = pickle.loads(pickle.dumps(h))
    assert back == h and back.legal_actions() == la
    # Seat 1 folds: seat 2 takes the pot of 6 + 10 + 20 = 36.
    h.fold()
    assert h.is_over and h.stacks == [198, 188, 214]
    assert pickle.loads(pickle.dumps(h)) == h


def test_the_fourth_street_option_needs_the_option_and_an_open_pair() -> None:
    for option, pair in ((False, True), (True, False)):
        h = _fourth_street(option, pair)
        la = h.legal_actions()
        assert (la.min_raise_to, la.max_raise_to) == (5, 5), (option, pair)
    with pytest.raises(ConfigError, match="razz has no fourth-street"):
        Rules.stud(game="razz", bring_in=1, small_bet=2, fourth_street_big_bet=True)
    # stud/8 has none either (live-action rule 247; it was accepted)
    with pytest.raises(ConfigError, match="stud hi/lo has no fourth-street.*rule 247"):
        Rules.stud(game="stud-hi-lo", bring_in=1, small_bet=2, fourth_street_big_bet=True)
    r = Rules.stud(game="stud", bring_in=1, small_bet=2, fourth_street_big_bet=True)
    assert r.fourth_street_big_bet and "fourth_street_big_bet=True" in repr(r)
    assert pickle.loads(pickle.dumps(r)) == r
    assert not r.with_game("stud-hi-lo").fourth_street_big_bet


def _reference_shares(game: str, hands: List[List[int]]) -> List[Fraction]:
    """Each player's share of one deal's pot from reference_eval alone."""
    cards = [[ref.from_index(i) for i in h] for h in hands]
    if game == "razz":
        # a smaller ace-to-five key is the better low: negate to compare
        keys = [ref.lowball_best(c, ref.ace_to_five5) for c in cards]
        best = min(keys)
        wins = [k == best for k in keys]
        return [Fraction(w, sum(wins)) for w in wins]
    highs = [ref.evaluate(c) for c in cards]
    top = max(highs)
    hi = [Fraction(h == top, sum(x == top for x in highs)) for h in highs]
    if game != "stud-hi-lo":
        return hi
    lows = [ref.best_low8(c) for c in cards]
    found = [x for x in lows if x is not None]
    if not found:
        return hi
    low = min(found)
    lo = [Fraction(x == low, sum(y == low for y in lows)) for x in lows]
    return [(a + b) / 2 for a, b in zip(hi, lo)]


@pytest.mark.parametrize(
    "game, hands, dead",
    [
        ("stud", ["KsKd7c2h9s3d", "Ah5h9h6hJc4s"], "Th"),
        ("stud-hi-lo", ["As2d4c7hKs9d", "KcKh8d8c3sQd"], "2s"),
        ("razz", ["As2d4c7hKsQd", "3h5d6c8hJc9s"], "5s"),
    ],
)
def test_stud_equity_on_sixth_street_is_every_last_card(
    game: str, hands: List[str], dead: str
) -> None:
    # One down card to come to each: every pair of distinct cards from the
    # rest of the deck, each deal's pot shared by the plain-Python
    # evaluators of reference_eval, exactly in fractions.
    known = [[int(c) for c in hc.parse_cards(h)] for h in hands]
    out = {int(c) for c in hc.parse_cards(dead)} | {i for h in known for i in h}
    deck = [i for i in range(52) if i not in out]
    total = [Fraction(0)] * 2
    deals = 0
    for a in deck:
        for b in deck:
            if a == b:
                continue
            shares = _reference_shares(game, [known[0] + [a], known[1] + [b]])
            total = [t + s for t, s in zip(total, shares)]
            deals += 1
    r = hc.game_equity(game, hands, dead=dead)
    assert r.exact and r.deals == deals
    for got, want in zip(r.equities, total):
        assert got == pytest.approx(float(want / deals), abs=1e-12)
    # (the same spot by Monte Carlo, within its noise)
    mc = hc.game_equity(game, hands, dead=dead, trials=40_000, seed=7)
    assert abs(mc.equities[0] - float(total[0] / deals)) < 0.02


@pytest.mark.parametrize("game", GAMES)
def test_eight_players_on_sixth_street_share_a_community_card_in_equity(game: str) -> None:
    # Eight players with six cards each: 48 known, 4 unseen (the stub's
    # one card and the three burns). Rule 238: 4 < 8 + 2, so seventh
    # street is one community card for all; the exact equity is the mean
    # over those 4 cards of the pot shared by the reference evaluators,
    # each player playing its six and the one card.
    rng = random.Random(game)
    deck = list(range(52))
    rng.shuffle(deck)
    known = [deck[6 * i : 6 * i + 6] for i in range(8)]
    hands = ["".join(str(hc.Card(c)) for c in h) for h in known]
    total = [Fraction(0)] * 8
    for c in deck[48:]:
        shares = _reference_shares(game, [h + [c] for h in known])
        total = [t + x for t, x in zip(total, shares)]
    r = hc.game_equity(game, hands)
    assert r.exact and r.deals == 4
    for got, want in zip(r.equities, total):
        assert got == pytest.approx(float(want / 4), abs=1e-12)
    # a known community card: that card's shares alone
    c = deck[50]
    one = hc.game_equity(game, hands, board=str(hc.Card(c)))
    want1 = _reference_shares(game, [h + [c] for h in known])
    assert one.exact and one.deals == 1
    assert one.equities == pytest.approx([float(x) for x in want1], abs=1e-12)
    # seven players on sixth street: 52 - 42 = 10 unseen, 7 + 2 wanted:
    # each gets its own card, every ordered deal of 7 of the 10
    r7 = hc.game_equity(game, hands[:7], trials=2000, seed=1)
    assert r7.deals == 2000 and abs(sum(r7.equities) - 1) < 1e-9
    assert hc.game_equity(game, hands[:2]).deals == 40 * 39
    # a seventh card of one's own where the deck has run out is refused
    with pytest.raises(hc.CardError, match="rule 238"):
        hc.game_equity(game, [hands[0] + str(hc.Card(deck[48]))] + hands[1:])
    with pytest.raises(hc.CardError, match="six cards of its own"):
        hc.game_equity(
            game, [hands[0] + str(hc.Card(deck[48]))] + hands[1:2], board=str(hc.Card(c))
        )


@pytest.mark.parametrize("game", GAMES)
def test_folded_players_unseen_cards_are_out_of_the_stub_for_seventh_street(game: str) -> None:
    # Eight dealt in, one folded on third street (its up card seen: dead;
    # its two down cards unseen), seven on sixth street with six cards
    # each: 42 + 1 known, 9 unseen, of which 2 are out. The stub and burns
    # hold 7, fewer than 7 + 2: a community card (as a Hand deals it:
    # 52 - 24 - 3 - 21 = 4 in the stub, 3 burns). Exactly: each of the 9
    # unseen cards is the community card once (any may be one of the 2 out).
    rng = random.Random(game + "out")
    deck = list(range(52))
    rng.shuffle(deck)
    known = [deck[6 * i : 6 * i + 6] for i in range(7)]
    hands = ["".join(str(hc.Card(c)) for c in h) for h in known]
    dead = str(hc.Card(deck[42]))
    unseen = deck[43:]
    total = [Fraction(0)] * 7
    for c in unseen:
        shares = _reference_shares(game, [h + [c] for h in known])
        total = [t + x for t, x in zip(total, shares)]
    r = hc.game_equity(game, hands, dead=dead, unseen_out=2)
    assert r.exact and r.deals == 9
    for got, want in zip(r.equities, total):
        assert got == pytest.approx(float(want / 9), abs=1e-12)
    # without unseen_out the 9 unseen cards would serve seven players
    # (9 = 7 + 2): each gets its own, every ordered deal of 7 of the 9
    assert hc.game_equity(game, hands, dead=dead).deals == 9 * 8 * 7 * 6 * 5 * 4 * 3
    # a known community card fits the first reading only
    board = str(hc.Card(unseen[0]))
    assert hc.game_equity(game, hands, board=board, dead=dead, unseen_out=2).deals == 1
    with pytest.raises(hc.CardError, match="rule 238"):
        hc.game_equity(game, hands, board=board, dead=dead)
    # two players with a community card: the deck never runs short
    with pytest.raises(hc.CardError, match="give unseen_out"):
        hc.game_equity(game, hands[:2], board=board)
    # A seventh card a player holds already was in the stub rule 238
    # counts: with 2 out, the 6 unseen left + the given 1 = 7 < 9, a
    # community card, and a card of one's own is refused (it was taken as
    # dealt whenever the unseen covered the 6 others); with none out, the
    # 8 unseen + 1 = 9 serve each its own.
    own = [hands[0] + str(hc.Card(unseen[0]))] + hands[1:]
    with pytest.raises(hc.CardError, match="seventh card of its own.*7 cards are left"):
        hc.game_equity(game, own, dead=dead, unseen_out=2)
    assert hc.game_equity(game, own, dead=dead).deals == 8 * 7 * 6 * 5 * 4 * 3
    with pytest.raises(ConfigError, match="unseen_out is for the stud games"):
        hc.game_equity("holdem", ["AsAd", "KsKd"], unseen_out=2)
    with pytest.raises(ConfigError, match="unseen_out must be an integer"):
        hc.game_equity(game, hands, unseen_out=-1)


def test_stud_equity_player_counts_are_the_engines() -> None:
    for game in GAMES:
        with pytest.raises(ConfigError, match="equity is for 2 to 8 players, not 1"):
            hc.game_equity(game, ["As2s3s"])
        with pytest.raises(ConfigError, match="2 to 8 players, not 9"):
            hc.game_equity(game, [None] * 9)
    with pytest.raises(ConfigError, match="2 to 10 players, not 11"):
        hc.game_equity("omaha", [None] * 11)


def test_stud_equity_refusals_name_the_problem() -> None:
    with pytest.raises(hc.HolecardsError, match="has no board but seventh"):
        hc.game_equity("stud", ["AsAd", "KsKd"], board="2c3c4c")
    with pytest.raises(hc.HolecardsError, match="give trials"):
        hc.game_equity("stud", ["AsAdKc", "QsQdJc"])
    with pytest.raises(hc.HolecardsError, match="draw"):
        hc.game_equity("badugi", ["As2d", "3c4h"])
