"""A bot's answer means the same move on every surface that plays bots:
Table.play, Tournament.play, simulate's Python bots, holecards.bots and the
environments' Python opponents."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple

import pytest

import holecards
from holecards import ActionKind, ConfigError, Hand, IllegalActionError, Rules, Table, Tournament
from holecards.bots import apply_move, play_hand

NL = Rules.no_limit(small_blind=1, big_blind=2)
PLAYER = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)

Outcome = Tuple[str, Optional[int]]


def scripted(answers: List[Any]) -> Callable[[Any], Any]:
    """A bot answering ``answers`` in turn, then calling."""
    it = iter(answers)
    return lambda view: next(it, ("call", 0))


def player_moves(hand: Hand) -> List[Outcome]:
    return [
        (a.kind.name, a.amount if a.kind in (ActionKind.BET, ActionKind.RAISE) else None)
        for a in hand.history
        if a.kind in PLAYER
    ]


def outcome(play: Callable[[], Hand], at: int) -> Outcome:
    try:
        return player_moves(play())[at]
    except (ConfigError, IllegalActionError) as e:
        return (type(e).__name__, None)


def on_table(answers: List[Any]) -> Hand:
    t = Table(NL, 2, seed=3)
    t.sit(0, 100)
    t.sit(1, 100)
    return t.play(scripted(answers))


def on_tournament(answers: List[Any]) -> Hand:
    tour = Tournament([(1, 2)], [100, 100], hands_per_level=10, seed=3)
    return tour.play(scripted(answers))


def on_hand(answers: List[Any]) -> Hand:
    return play_hand(Hand(NL, [100, 100], button=0, seed=3), [scripted(answers)] * 2)


def on_apply_move(answers: List[Any]) -> Hand:
    hand = Hand(NL, [100, 100], button=0, seed=3)
    bot = scripted(answers)
    while hand.actor is not None:
        apply_move(hand, bot(hand.view(hand.actor)), f"the bot for seat {hand.actor}")
    return hand


def on_env(answers: List[Any]) -> Hand:
    from holecards import env as E

    bot = scripted(answers)
    # The bot (seat 0, the small blind heads-up) acts first, facing the big blind.
    g = E.gym_env(players=2, seat=1, button=0, opponents=bot, stacks=100)
    g.reset(seed=0)
    return g.hand


SURFACES = {
    "Table.play": on_table,
    "Tournament.play": on_tournament,
    "bots.play_hand": on_hand,
    "bots.apply_move": on_apply_move,
}

# Facing the big blind (the first move) and with nothing to call (the big
# blind's option after a call: the second move).
FACING = [
    (("call", 0), ("CALL", None)),
    (("call_only", 0), ("CALL", None)),
    (("raise", 6), ("RAISE", 6)),
    (("bet", 6), ("RAISE", 6)),
    (("fold", 0), ("FOLD", None)),
    (("check", 0), ("IllegalActionError", None)),
    (("shove", 0), ("ConfigError", None)),
    (("raise", -1), ("ConfigError", None)),
    (("raise", 1.5), ("ConfigError", None)),
    (("raise", None), ("ConfigError", None)),
    # The amount of a move other than a bet or raise is not read.
    (("call", None), ("CALL", None)),
    (("fold", 0.5), ("FOLD", None)),
    ("call", ("ConfigError", None)),
    (["call", 0], ("ConfigError", None)),
]
FREE = [
    (("call", 0), ("CHECK", None)),
    (("check", 0), ("CHECK", None)),
    (("bet", 6), ("RAISE", 6)),
    (("raise", 6), ("RAISE", 6)),
    (("call_only", 0), ("IllegalActionError", None)),
]


@pytest.mark.parametrize("surface", list(SURFACES))
@pytest.mark.parametrize("answer,expected", FACING)
def test_an_answer_facing_a_bet_is_one_move_everywhere(
    surface: str, answer: Any, expected: Outcome
) -> None:
    assert outcome(lambda: SURFACES[surface]([answer]), 0) == expected


@pytest.mark.parametrize("surface", list(SURFACES))
@pytest.mark.parametrize("answer,expected", FREE)
def test_an_answer_with_nothing_to_call_is_one_move_everywhere(
    surface: str, answer: Any, expected: Outcome
) -> None:
    assert outcome(lambda: SURFACES[surface]([("call", 0), answer]), 1) == expected


# (A fold ends the episode's hand before the agent's decision, and reset
# deals again: the environment shows no fold to compare.)
@pytest.mark.parametrize("answer,expected", [f for f in FACING if f[1][0] != "FOLD"])
def test_the_environments_read_answers_the_same_way(answer: Any, expected: Outcome) -> None:
    pytest.importorskip("gymnasium")
    try:
        got = player_moves(on_env([answer]))[0]
    except ConfigError as e:
        # An environment reports an illegal answer as a ConfigError (it ends the episode).
        got = ("IllegalActionError" if "not legal" in str(e) else "ConfigError", None)
    assert got == expected


@pytest.mark.parametrize("answer", [("bet", 6), ("check", 0), ("call_only", 0), ("call", 0)])
def test_simulate_plays_python_bots_as_a_hand_does(answer: Any) -> None:
    """simulate's Python path (one hand, seed 11) plays the answers as
    play_hand does the same deal; the answer is given at every decision
    (the check is illegal at the first one, facing the big blind)."""
    bot = lambda view: answer  # noqa: E731
    rng = random.Random(11)
    hand = Hand(NL, [200, 200], button=0, seed=rng.getrandbits(64))
    try:
        # (simulate seeds the built-in bot at seat i with seed + 1 + i)
        play_hand(hand, [bot, holecards.sim.BuiltinBot("random", seed=13)])
        expected: Any = [hand.stacks[0] - 200, hand.stacks[1] - 200]
    except (ConfigError, IllegalActionError) as e:
        expected = type(e)
    try:
        r = holecards.simulate([bot, "random"], hands=1, seed=11, stacks=200)
        got: Any = [s.net for s in r.seats]
    except (ConfigError, IllegalActionError) as e:
        got = type(e)
    assert got == expected


def test_an_answer_with_no_bot_for_its_seat_is_named() -> None:
    t = Table(NL, 3, seed=1)
    t.sit(0, 100)
    t.sit(2, 100)
    with pytest.raises(ConfigError, match="no bot for seat 2"):
        t.play({0: lambda v: ("call", 0)})
    assert t.hands_dealt == 0  # taken back


@pytest.mark.parametrize("surface", list(SURFACES))
@pytest.mark.parametrize(
    "answer,message",
    [
        (
            ("shove", 0),
            "the move is fold, check, call, call_only, bet, raise, complete, bring_in, discard or stand_pat",
        ),
        (("raise", 1.5), "a bet or raise amount is a whole number of chips"),
        (("bet", None), "a bet or raise amount is a whole number of chips"),
        ("call", "a bot returns ('fold', 0), ('check', 0), ('call', 0), ('call_only', 0)"),
    ],
)
def test_a_bad_answer_is_named_the_same_way_everywhere(
    surface: str, answer: Any, message: str
) -> None:
    with pytest.raises(ConfigError) as e:
        SURFACES[surface]([answer])
    assert f"the bot for seat 0 answered {answer!r}: " in str(e.value) or (
        f"answered {answer!r}: " in str(e.value)
    )
    assert message in str(e.value)


def test_a_bot_may_read_the_hand_it_plays() -> None:
    hand = Hand(NL, [100, 100, 100], button=0, seed=1)
    pots: List[int] = []

    def bot(view: Any) -> Tuple[str, int]:
        pots.append(hand.pot)  # the hand being played, read while it is played
        assert hand.legal_actions() is not None
        return ("call", 0)

    play_hand(hand, [bot] * 3)
    assert hand.actor is None and pots[0] == 3  # the blinds, 1 and 2
