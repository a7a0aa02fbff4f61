"""Stud, draw and mixed games given what they cannot play: each refused
with a clear error, never dealt or scored wrong."""

from __future__ import annotations

import pickle

import pytest

import holecards as hc
from cli_run import cli
from holecards import ConfigError, Rules, Tournament, phh
from holecards.errors import HandHistoryError

HORSE_LEVELS = [(10, 20, 5, 5), (20, 40, 10, 10)]


def test_a_draw_in_a_stud_history_is_refused() -> None:
    h = hc.Hand(Rules.stud(game="stud", bring_in=1, small_bet=4), [200] * 3, seed=7)
    while not h.is_over:
        h.check_or_call()
    text = phh.dumps(h).replace("'p", "'p2 sd 2c3c4c5c6c7c', 'p", 1)
    with pytest.raises(HandHistoryError, match=r"a draw \(sd\)"):
        phh.loads(text)[0].replay()


def test_razz_rules_have_no_open_pair_option() -> None:
    r = Rules.stud(game="stud", bring_in=1, small_bet=2, fourth_street_big_bet=True)
    razz = r.with_game("razz")
    assert razz.fourth_street_big_bet is False and r.fourth_street_big_bet is True
    assert pickle.loads(pickle.dumps(razz)) == razz


def test_a_tournament_refuses_more_players_than_a_game_of_its_mix_deals() -> None:
    with pytest.raises(ConfigError, match="9 players: a hand of razz deals to at most 8"):
        Tournament(HORSE_LEVELS, [1000] * 9, [1], game="razz", hands_per_level=3)
    with pytest.raises(ConfigError, match="at most 8"):
        Tournament(HORSE_LEVELS, [1000] * 10, [1], mix="horse", hands_per_level=3)
    assert Tournament(HORSE_LEVELS, [1000] * 8, [1], mix="horse", hands_per_level=3)


def test_icm_refuses_a_run_too_large_before_starting() -> None:
    with pytest.raises(ConfigError, match="player-samples"):
        hc.icm([100, 200, 300], [1], trials=10**11)


def test_a_gym_action_out_of_range_is_a_config_error_not_a_penalty() -> None:
    from holecards import env as E

    e = E.gym_env(illegal_action=-1.0)
    e.reset(seed=1)
    for bad in (5, -1, 2**40):
        with pytest.raises(ConfigError):
            e.step(bad)
    obs, reward, done, trunc, info = e.step(1)
    assert "illegal_action" not in info


def test_play_asks_again_after_a_card_discarded_twice() -> None:
    out = cli("play", "--game", "27td", "--players", "2", "--seed", "1", stdin="c\nc\nd Qs Qs\n")
    # the hint, then the session ends at the end of the input as any does
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert "name each card to discard once" in out.stdout and "session over" in out.stdout


def test_equity_grid_options_are_holdems() -> None:
    out = cli("equity", "--game", "razz", "As", "Kd", "--trials", "10", "--png", "x.png")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert "hold'em" in out.stderr


def test_an_unknown_variant_is_named_not_reported_as_a_missing_field() -> None:
    h = hc.Hand(Rules.stud(game="razz", bring_in=1, small_bet=2, ante=1), [100] * 3, seed=1)
    while not h.is_over:
        h.check_or_call()
    text = phh.dumps(h).replace("variant = 'FR'", "variant = 'XYZ'")
    (history,) = phh.loads(text)
    with pytest.raises(hc.HolecardsError, match='unsupported variant "XYZ"') as e:
        history.replay()
    assert "blinds_or_straddles" not in str(e.value)
    # a played variant still needs its fields: hold'em its blinds
    nt = "variant = 'NT'\nantes = [0, 0]\nstarting_stacks = [100, 100]\nactions = []\n"
    with pytest.raises(HandHistoryError, match="blinds_or_straddles"):
        phh.loads(nt)


def test_stud_antes_in_a_refusal_are_the_historys_amounts() -> None:
    h = hc.Hand(Rules.stud(game="razz", bring_in=1, small_bet=2, ante=1), [100] * 3, seed=1)
    while not h.is_over:
        h.check_or_call()
    text = phh.dumps(h).replace("antes = [1, 1, 1]", "antes = [0.5, 0.25, 0.5]")
    with pytest.raises(HandHistoryError, match=r"antes \[0\.5, 0\.25, 0\.5\]: a stud game's"):
        phh.loads(text)[0].replay()


def test_stats_names_a_player_given_as_a_number() -> None:
    h = hc.Hand(Rules.stud(game="razz", bring_in=1, small_bet=2, ante=1), [100] * 3, seed=1)
    while not h.is_over:
        h.check_or_call()
    with pytest.raises(TypeError, match="player is a player's name"):
        hc.stats(phh.loads(phh.dumps(h)), player=5)  # type: ignore[arg-type]


def test_a_refused_decimal_amount_says_the_replays_unit() -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.01, 0.02]\n"
        "min_bet = 0.02\nstarting_stacks = [1, 1]\n"
        "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr 0.03']\n"
    )
    with pytest.raises(HandHistoryError, match=r"raise to 3 .*\(amounts in units of 0\.01\)"):
        phh.loads(text)[0].replay()


@pytest.mark.timeout(30)
def test_game_and_omaha_equity_refuse_trials_past_2_50_as_equity_does() -> None:
    # (2**63 trials would run for ever)
    for call in (
        lambda: hc.game_equity("stud", ["AsKsQs", "QcJhTh"], trials=2**63, seed=1),
        lambda: hc.omaha_equity(["AsKsQsJs", "QcJhTh9h"], trials=2**51, seed=1),
        lambda: hc.equity(["AhKh", "QsQd"], trials=2**51, seed=1),
    ):
        with pytest.raises(hc.EquityError, match=r"at most 2\*\*50"):
            call()
    assert hc.game_equity("stud", ["AsKsQs", "QcJhTh"], trials=100, seed=1).seed == 1


@pytest.mark.timeout(30)
def test_endless_iterables_of_players_and_hole_cards_are_refused_from_a_count() -> None:
    import itertools

    stud = Rules.stud(game="stud", bring_in=1, small_bet=2)
    with pytest.raises(hc.CardError):
        hc.Hand(stud, [100, 100], seed=1, hole_cards=itertools.repeat(None))
    # (read one past the most players, 10: "not 11")
    with pytest.raises(hc.HolecardsError, match="not 11"):
        hc.game_equity("stud", itertools.repeat("As"))
    with pytest.raises(hc.HolecardsError, match="not 11"):
        hc.equity(itertools.repeat("AsKs"))
    with pytest.raises(hc.HolecardsError, match="not 11"):
        hc.omaha_equity(itertools.repeat("AsKsQsJs"))


def test_a_batch_claiming_more_rows_than_memory_is_refused_from_its_shape() -> None:
    import numpy as np

    # (a view of one row, 2**40 times: a copy would be 5 TiB)
    huge = np.broadcast_to(np.array([0, 5, 10, 15, 20], np.uint8), (2**40, 5))
    for evaluate in (
        hc.evaluate_many,
        hc.evaluate_ace_to_five_many,
        hc.evaluate_deuce_to_seven_many,
        hc.evaluate_low8_many,
    ):
        with pytest.raises(hc.CardError, match="at most 2\\*\\*36"):
            evaluate(huge)
    with pytest.raises(hc.CardError, match="at most 2\\*\\*36"):
        hc.evaluate_badugi_many(huge[:, :4])


def test_an_exact_count_past_2_128_says_so_rather_than_its_saturated_number() -> None:
    # eight unknown stud hands: about 1.9 * 10**44 deals, past a u128
    with pytest.raises(ConfigError, match=r"more than 2\*\*128 deals"):
        hc.game_equity("stud", [""] * 8)
