"""Typed errors: every ``IllegalReason`` is produced, with ``.legal`` equal
to ``hand.legal_actions()`` and the hand left unchanged; corrupt and old saved
states are refused with ``StateError``; the deck says when it runs out."""

from __future__ import annotations

import pickle
import re
from typing import Any, Callable

import pytest

import holecards as hc
from game_helpers import FL, NL, play

R = hc.IllegalReason


def refused(h: hc.Hand, action: Callable[..., Any], *args: Any, **kw: Any) -> hc.IllegalActionError:
    before = pickle.dumps(h)
    legal = h.legal_actions()
    with pytest.raises(hc.IllegalActionError) as info:
        action(*args, **kw)
    e = info.value
    assert e.legal == legal == h.legal_actions()
    assert e.seat == (legal.seat if legal is not None else None)
    assert pickle.dumps(h) == before, "a refused action changed the hand"
    assert isinstance(e.reason, R)
    return e


def hand(rules: hc.Rules, stacks: list, **kw: Any) -> hc.Hand:
    return hc.Hand(rules, stacks, button=0, seed=7, **kw)


def test_not_your_turn() -> None:
    h = hand(NL(), [100, 100, 100])  # seat 0 is first
    e = refused(h, h.act, 2, hc.ActionKind.CALL)
    assert e.reason == R.NOT_YOUR_TURN and "seat 0 is to act" in str(e)
    assert refused(h, h.call, seat=1).reason == R.NOT_YOUR_TURN
    h.act(0, hc.ActionKind.CALL)  # the right seat may act
    assert h.actor == 1
    h.act(1, hc.ActionKind.RAISE, 6)
    assert h.bets == [2, 6, 2]
    with pytest.raises(hc.ConfigError, match="needs an amount"):
        h.act(2, hc.ActionKind.RAISE)
    with pytest.raises(hc.ConfigError, match="not a player action"):
        h.act(2, hc.ActionKind.POST_ANTE)


def test_hand_over() -> None:
    h = hand(NL(), [100, 100, 100])
    play(h, "f", "f")
    e = refused(h, h.fold)
    assert e.reason == R.HAND_OVER and e.legal is None and e.seat is None
    assert refused(h, h.bet_or_raise_to, 1.5).reason == R.HAND_OVER


def test_cannot_fold_when_checking_is_free() -> None:
    h = hand(NL(), [100, 100, 100])
    play(h, "c", "c")  # the big blind may check
    assert refused(h, h.fold).reason == R.CANNOT_FOLD


def test_cannot_check_facing_a_bet() -> None:
    h = hand(NL(), [100, 100, 100])
    e = refused(h, h.check)
    assert e.reason == R.CANNOT_CHECK and "2 to call" in str(e)
    play(h, "c", "c")
    h.check()  # the big blind's option: a check is a check
    assert h.street == hc.Street.FLOP


def test_nothing_to_call() -> None:
    h = hand(NL(), [100, 100, 100])
    play(h, "c", "c")
    assert refused(h, h.call).reason == R.NOTHING_TO_CALL


def test_below_the_minimum_and_above_the_maximum() -> None:
    h = hand(NL(), [100, 100, 100])
    assert refused(h, h.bet_or_raise_to, 3).reason == R.BELOW_MINIMUM
    assert refused(h, h.bet_or_raise_to, 101).reason == R.ABOVE_MAXIMUM


def test_not_reopened() -> None:
    # 1/2 NL, three seats, button 0: seat 0 raises to 10, seat 1 (small
    # blind, 15 chips) goes all in to 15, 5 more, short of a full raise of 8;
    # seat 2 calls; seat 0 may call 5 but not raise again.
    h = hand(NL(), [100, 15, 100])
    play(h, 10, 15, "c")
    assert h.actor == 0
    assert refused(h, h.bet_or_raise_to, 30).reason == R.NOT_REOPENED


def test_raise_cap_reached() -> None:
    # FL 1/2, three seats, raise_cap=1: the big blind is the bet, seat 0
    # raises to 4 (the one raise), seat 1 may not raise again.
    h = hand(FL(raise_cap=1), [100, 100, 100])
    play(h, 4)
    assert refused(h, h.bet_or_raise_to, 6).reason == R.RAISE_CAP_REACHED


def test_no_chips_beyond_the_call() -> None:
    # Seat 0 raises to 60; seat 1 (small blind, 49 behind its 1) can at most
    # call all in for 49 more: no raise.
    h2 = hand(NL(), [100, 50, 100])
    play(h2, 60)  # seat 1 (49 behind) cannot cover more than the call
    assert refused(h2, h2.bet_or_raise_to, 50).reason == R.NO_CHIPS_BEYOND_CALL


def test_nobody_can_answer() -> None:
    # Seat 0 goes all in to 100; seat 1 folds; the big blind has more chips
    # but nobody left could call a raise.
    h = hand(NL(), [100, 100, 300])
    play(h, 100, "f")
    assert refused(h, h.bet_or_raise_to, 200).reason == R.NOBODY_CAN_ANSWER


def test_bet_or_fold_only_in_progressive() -> None:
    h = hand(hc.Rules.progressive(ante=1, bets=[2, 4, 6, 8]), [100, 100, 100])
    assert refused(h, h.bet_or_raise_to, 4).reason == R.BET_OR_FOLD_ONLY
    assert refused(h, h.check).reason == R.CANNOT_CHECK


@pytest.mark.parametrize("amount", [2.5, -1, 2**64, "6"])
def test_not_an_amount(amount: Any) -> None:
    h = hand(NL(), [100, 100, 100])
    try:
        e = refused(h, h.bet_or_raise_to, amount)
    except TypeError:  # a string is no number at all
        assert isinstance(amount, str)
        return
    assert e.reason == R.NOT_AN_AMOUNT and "legal:" in str(e)


def test_old_and_corrupt_states_are_refused() -> None:
    h = hand(NL(), [100, 100])
    restore, (state,) = h.__reduce__()
    assert restore(state) == h
    with pytest.raises(hc.StateError, match="format 1"):
        restore(bytes([1]) + state[1:])
    with pytest.raises(hc.StateError, match="not a valid holecards state"):
        restore(state[:-3])
    assert issubclass(hc.StateError, hc.ConfigError)


def test_the_deck_says_how_many_cards_are_left() -> None:
    deck = hc.Deck(seed=1)
    deck.deal(50)
    with pytest.raises(hc.NoCardsLeftError, match="cannot deal 3 cards: 2 left"):
        deck.deal(3)
    assert len(deck) == 2


def test_a_duplicate_card_names_it() -> None:
    with pytest.raises(hc.DuplicateCardError) as info:
        hc.evaluate("Ah Kh Qh Jh Ah")
    assert info.value.card == hc.Card("Ah")


def test_the_classes_are_the_compiled_modules_own() -> None:
    # Declared once, by the compiled module; holecards.errors re-exports them
    # (the same objects), with the bases they always had.
    from holecards import _core, errors

    for name in errors.__all__:
        assert getattr(errors, name) is getattr(_core, name), name
        assert getattr(errors, name).__module__ == "holecards.errors"
    assert issubclass(hc.CardError, hc.HolecardsError) and issubclass(hc.CardError, ValueError)
    assert issubclass(hc.DuplicateCardError, hc.CardError)
    assert issubclass(hc.InUseError, RuntimeError) and not issubclass(hc.InUseError, ValueError)
    assert issubclass(hc.UnsupportedVariantError, hc.HandHistoryError)
    assert not issubclass(hc.HolecardsError, ValueError)


def test_the_compiled_module_raises_its_errors_without_the_package() -> None:
    # The compiled module loaded under an empty stand-in for the package:
    # its errors need nothing of holecards (no import cycle).
    import subprocess
    import sys

    from holecards import _core

    code = f"""
import importlib.util, sys, types
sys.modules["holecards"] = types.ModuleType("holecards")
spec = importlib.util.spec_from_file_location("holecards._core", {_core.__file__!r})
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)
def fails(f):
    try:
        f()
    except Exception as e:
        return e
    raise AssertionError("no error")
e = fails(lambda: core.Card("Zz"))
assert type(e) is core.CardError and isinstance(e, ValueError) and e.token == "Zz", e
e = fails(lambda: core.Rules.no_limit(small_blind=3, big_blind=2))
assert type(e) is core.ConfigError and e.field == "small_blind", e
assert not [m for m in sys.modules if m.startswith("holecards.")], sorted(sys.modules)
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "ok", out.stderr


def test_structured_attributes() -> None:
    with pytest.raises(hc.CardError) as card:
        hc.Card("Zz")
    assert card.value.token == "Zz" and card.value.field is None
    with pytest.raises(hc.ConfigError) as config:
        hc.Rules.no_limit(small_blind=3, big_blind=2)
    assert config.value.field == "small_blind" and "larger than big_blind" in str(config.value)
    with pytest.raises(hc.ConfigError) as button:
        hc.Hand(NL(), [100, 100], button=5)
    assert button.value.field == "button"
    with pytest.raises(hc.CardError) as board:
        hc.Hand(NL(), [100, 100], board="AhKhQhJhTh9h")
    assert board.value.field == "board"
    with pytest.raises(hc.EquityError) as equity:
        hc.equity(["AA"])
    assert equity.value.cause == "players" and equity.value.player is None
    with pytest.raises(hc.EquityError) as empty:
        hc.equity(["AhAs", "AA"], board="AdAc2h")
    assert empty.value.cause == "empty_range" and empty.value.player == 1
    with pytest.raises(hc.HandHistoryError) as history:
        hc.phh.loads("variant = 'NT'\nthis is not toml", source="x.phh")
    assert history.value.location == "x.phh" and str(history.value).startswith("x.phh: ")
    deck = hc.Deck(seed=1)
    with pytest.raises(hc.NoCardsLeftError) as left:
        deck.deal(53)
    assert (left.value.wanted, left.value.left) == (53, 52)


def test_attributes_survive_pickling() -> None:
    with pytest.raises(hc.ConfigError) as info:
        hc.Rules.no_limit(small_blind=3, big_blind=2)
    back = pickle.loads(pickle.dumps(info.value))
    assert type(back) is hc.ConfigError and back.field == "small_blind"
    assert str(back) == str(info.value)


def test_an_endless_iterable_is_refused_from_a_count() -> None:
    # no more is read than the call could take (53 cards, 23 stacks,
    # 100,000 combos): a clear refusal, not memory growing without end
    import itertools

    with pytest.raises(hc.DuplicateCardError):
        hc.evaluate(iter(int, 1))
    with pytest.raises(hc.ConfigError, match="more than 100000 combos"):
        hc.Range.from_combos(itertools.repeat(("Ah", "Kh", 1.0)))
    with pytest.raises(hc.ConfigError, match="2 to 22 players"):
        hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), itertools.repeat(100))


def test_misread_arguments_are_named() -> None:
    # a bot's name where the list of bots goes was read letter by letter
    with pytest.raises(hc.ConfigError, match="list of bots"):
        hc.simulate("random", hands=10)  # type: ignore[arg-type]
    # an empty text was taken for the path '.', "a folder"
    with pytest.raises(hc.HandHistoryError, match="empty text"):
        hc.phh.from_site("")


def test_a_move_that_is_no_action_kind_is_named_as_given() -> None:
    # (a string, None or a negative number was reported as action 255)
    hand = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [100, 100], seed=1)
    for kind in ("call", None, -1):
        with pytest.raises(
            hc.ConfigError, match=f"^{re.escape(repr(kind))} is not a player action"
        ):
            hand.act(hand.actor, kind)  # type: ignore[arg-type]
