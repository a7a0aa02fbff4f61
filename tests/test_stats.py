"""holecards.stats against a plain reference written from PHH action text
(tests/reference_stats.py), on random hands, PokerStars files and the PHH
test corpus; and hands worked by hand."""

from __future__ import annotations

import sys
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import holecards as hc

sys.path.insert(0, str(Path(__file__).parent))
from reference_stats import KEYS, corpus_stats  # noqa: E402

DATA = Path(__file__).parent / "data"


def check(histories: list) -> hc.StatsReport:
    report = hc.stats(histories)
    want = corpus_stats(histories)
    assert set(report.players) == set(want)
    for name, counts in want.items():
        got = asdict(report.players[name])
        assert {k: got[k] for k in KEYS} == counts, name
    return report


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_hands_count_as_the_reference_counts(data: st.DataObject) -> None:
    histories = []
    for i in range(data.draw(st.integers(1, 6))):
        bb = data.draw(st.integers(2, 10))
        ante = data.draw(st.sampled_from([0, 1]))
        n = data.draw(st.integers(2, 7))
        stacks = data.draw(st.lists(st.integers(1, 300), min_size=n, max_size=n))
        rules = hc.Rules.no_limit(small_blind=bb // 2, big_blind=bb, ante=ante)
        hand = hc.Hand(rules, stacks, button=data.draw(st.integers(0, n - 1)), seed=i)
        while not hand.is_over:
            la = hand.legal_actions()
            pick = data.draw(st.sampled_from("ccfrr"))
            if pick == "f" and la.can_fold:
                hand.fold()
            elif pick == "r" and la.can_raise:
                hand.bet_or_raise_to(data.draw(st.integers(la.min_raise_to, la.max_raise_to)))
            else:
                hand.check_or_call()
        h = hc.phh.loads(hc.phh.dumps(hand))[0]
        histories.append(h)
    report = check(histories)
    # money: every hand's result is known; the nets sum to zero
    assert sum(p.winnings for p in report.players.values()) == 0
    assert all(p.hands_with_result == p.hands for p in report.players.values())


def test_pokerstars_files_count_as_the_reference_counts() -> None:
    hands = []
    for f in sorted((DATA / "sites" / "pokerstars").glob("*.txt")):
        hands.extend(hc.phh.from_site(f).hands)
    report = check(hands)
    assert report.hands == len(hands) >= 100
    # after rake the site's players lose what the site took
    raked = sum(Decimal(h.metadata.get("_rake", 0)) for h in hands)
    assert sum(p.winnings for p in report.players.values()) == -raked


def test_the_phh_corpus_counts_as_the_reference_counts() -> None:
    def replays(h: object) -> bool:
        try:
            h.replay()  # type: ignore[attr-defined]
        except hc.HolecardsError:
            return False
        return True

    hands = [
        h
        for h in hc.phh.load_many(DATA / "phh")
        if h.variant in ("NT", "FT", "PT", "PO", "NO", "FO/8", "PO/8") and replays(h)
    ]
    assert len(hands) >= 100
    check(hands)


def test_a_hand_worked_by_hand() -> None:
    # six players, blinds 1/2: UTG (p3) opens to 6, HJ (p4) folds, CO (p5)
    # three-bets to 18, everyone folds: p5 had a chance to three-bet (facing
    # one raise) and took it, p4 had one and folded; the button and the
    # blinds faced two raises already: no chance. p3 folded to the
    # three-bet (one chance). No flop: no c-bet chance, nobody saw a flop.
    rules = hc.Rules.no_limit(small_blind=1, big_blind=2)
    hand = hc.Hand(rules, [200] * 6, button=5, seed=1)
    hand.bet_or_raise_to(6)  # p3, UTG (seat 2)
    hand.fold()  # p4
    hand.bet_or_raise_to(18)  # p5, CO
    hand.fold()  # p6, BTN
    hand.fold()  # p1, SB
    hand.fold()  # p2, BB
    hand.fold()  # p3, UTG folds to the three-bet
    assert hand.is_over
    h = hc.phh.loads(hc.phh.dumps(hand))[0]
    r = hc.stats([h])
    p = {name: s for name, s in r.players.items()}
    assert (p["p3"].pfr_hands, p["p3"].fold_to_three_bet_chances, p["p3"].folds_to_three_bet) == (
        1,
        1,
        1,
    )
    assert (p["p5"].three_bet_chances, p["p5"].three_bets, p["p5"].three_bet) == (1, 1, 100.0)
    assert (p["p4"].three_bet_chances, p["p4"].three_bets, p["p4"].three_bet) == (1, 0, 0.0)
    for other in ("p1", "p2", "p6"):
        assert (p[other].three_bet_chances, p[other].three_bet) == (0, None), other
    for other in ("p1", "p2", "p4", "p6"):
        assert p[other].vpip == 0.0 and p[other].pfr == 0.0
    assert all(s.saw_flop == 0 and s.cbet is None for s in p.values())
    # p5 wins the blinds and p3's 6: +9 chips, 4.5 big blinds in one hand
    assert p["p5"].winnings == 9 and p["p5"].bb_per_100 == 450.0
    assert r.by_position[("p5", "CO")].three_bets == 1
    assert r.by_position[("p3", "UTG")].folds_to_three_bet == 1


def test_one_player_and_bad_input() -> None:
    h = hc.phh.from_site(DATA / "sites" / "pokerstars" / "hhp-posts-allin.txt").hands
    r = hc.stats(h, player="MasterQkiu")
    assert list(r.players) == ["MasterQkiu"]
    assert r.players["MasterQkiu"].winnings == 1005 - 483
    with pytest.raises(TypeError):
        hc.stats(["not a history"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="player is a player's name"):
        hc.stats(h, player=5)  # type: ignore[arg-type]


def test_finishing_stacks_the_play_cannot_end_with_are_not_counted() -> None:
    # The hand above: p5 wins 9 chips (209), p3 loses 6 (194), p1 and p2
    # their blinds (199, 198), p4 and p6 nothing.
    rules = hc.Rules.no_limit(small_blind=1, big_blind=2)
    hand = hc.Hand(rules, [200] * 6, button=5, seed=1)
    for move in ("r6", "f", "r18", "f", "f", "f", "f"):
        hand.bet_or_raise_to(int(move[1:])) if move[0] == "r" else hand.fold()
    text = hc.phh.dumps(hand)
    right = "finishing_stacks = [199, 198, 194, 200, 209, 200]"

    def with_stacks(stacks: str, extra: str = "") -> hc.StatsReport:
        assert right in text
        return hc.stats(hc.phh.loads(text.replace(right, stacks) + extra))

    ok = with_stacks(right)
    assert ok.skipped == 0 and ok.players["p5"].winnings == 9
    # a rake of 1 from p5's pot, recorded or not, is counted net
    for extra in ("", "_rake = 1\n"):
        raked = with_stacks("finishing_stacks = [199, 198, 194, 200, 208, 200]", extra)
        assert raked.skipped == 0 and raked.players["p5"].winnings == 8
    bad = {
        # more chips than the table started with
        "finishing_stacks = [199, 198, 194, 200, 210, 200]": "more chips than",
        # p4 folded for nothing and ends 10 short: no rake comes from p4
        "finishing_stacks = [199, 198, 194, 190, 209, 200]": "player 4 ends with -10",
    }
    for stacks, why in bad.items():
        r = with_stacks(stacks)
        assert r.skipped == 1 and r.hands == 0, stacks
        assert why in r.skipped_why[0] and "not counted" in r.skipped_why[0]
    # a recorded rake the stacks do not show
    r = with_stacks("finishing_stacks = [199, 198, 194, 200, 208, 200]", "_rake = 5\n")
    assert r.skipped == 1 and "rake recorded is 5" in r.skipped_why[0]
    # the winner recorded losing: more than it won is no rake
    r = with_stacks("finishing_stacks = [199, 198, 194, 200, 100, 200]")
    assert r.skipped == 1 and "player 5 ends with -100" in r.skipped_why[0]


def _mucked(stacks: str) -> hc.StatsReport:
    # Blinds 1/2, stacks 100: p3 (the button, AsAh) raises to 6, p1 folds,
    # p2 calls and checks down with p3; p2 mucks (cards unknown). p1 put
    # in 1, p2 and p3 6 each: whatever p2 held, p1 ends at 99 and nobody
    # below 94.
    text = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n"
        "min_bet = 2\nstarting_stacks = [100, 100, 100]\nactions = ["
        "'d dh p1 7c2d', 'd dh p2 ????', 'd dh p3 AsAh', 'p3 cbr 6', 'p1 f', 'p2 cc', "
        "'d db 2h5s9c', 'p2 cc', 'p3 cc', 'd db Jd', 'p2 cc', 'p3 cc', 'd db Kc', "
        "'p2 cc', 'p3 cc', 'p3 sm AsAh', 'p2 sm']\n"
    )
    return hc.stats(hc.phh.loads(text + stacks + "\n"))


def test_finishing_stacks_are_checked_where_a_card_is_unknown() -> None:
    assert _mucked("finishing_stacks = [99, 94, 107]").skipped == 0
    for stacks, why in {
        "finishing_stacks = [109, 94, 97]": "player 1 ends with 9 having put in 1 and folded",
        "finishing_stacks = [79, 94, 107]": "player 1 ends with -21",
        "finishing_stacks = [99, 84, 107]": "player 2 ends with -16 having put in 6",
    }.items():
        r = _mucked(stacks)
        assert r.skipped == 1 and why in r.skipped_why[0], (stacks, r.skipped_why)


def test_a_split_pots_odd_chip_may_go_either_way() -> None:
    # SB folds, the big blind and the button split a royal flush on the
    # board: a pot of 0.5 + 1 + 1 = 2.5, 1.25 each. A site moving whole
    # half-chips gives the odd 0.5 to one of them, either one.
    base = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.5, 1, 0]\n"
        "min_bet = 1\nstarting_stacks = [10, 10, 10]\nactions = ["
        "'d dh p1 2c3d', 'd dh p2 4c5d', 'd dh p3 6c7d', 'p3 cc', 'p1 f', 'p2 cc', "
        "'d db AsKsQs', 'p2 cc', 'p3 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db Ts', "
        "'p2 cc', 'p3 cc', 'p2 sm 4c5d', 'p3 sm 6c7d']\n"
    )
    for stacks in ("[9.5, 10.5, 10]", "[9.5, 10, 10.5]", "[9.5, 10.25, 10.25]"):
        r = hc.stats(hc.phh.loads(base + f"finishing_stacks = {stacks}\n"))
        assert r.skipped == 0, (stacks, r.skipped_why)
    # a whole chip more than the split is not an odd chip
    r = hc.stats(hc.phh.loads(base + "finishing_stacks = [9.5, 11, 9.5]\n"))
    assert r.skipped == 1


def test_the_command_line_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    from holecards.cli import main

    folder = str(DATA / "sites" / "pokerstars")
    assert main(["stats", folder]) == 0
    out = capsys.readouterr().out
    assert "VPIP" in out and "bb/100" in out and "BoomDoon" in out
    assert main(["stats", folder + "/hhp-posts-allin.txt", "--player", "MasterQkiu"]) == 0
    out = capsys.readouterr().out
    assert "MasterQkiu LJ" in out and "522" in out and "1 hand " in out
    assert main(["stats", folder, "--player", "nobody"]) == 2
    assert "no hands of 'nobody'" in capsys.readouterr().err
    assert main(["stats", "no/such/dir"]) == 2
    assert "no such file" in capsys.readouterr().err


BAD_BEAT = """
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
players = ['Aces', 'Kings']
actions = ['d dh p1 AcAd', 'd dh p2 KsKc', 'p2 cc', 'p1 cc', 'd db AhKd7c', 'p1 cc', 'p2 cc',
  'd db 2s', 'p1 cbr 98', 'p2 cc', 'd db Kh']
"""


def test_all_in_adjusted_winnings_count_the_equity_at_the_all_in() -> None:
    # All-in on the turn (Ah Kd 7c 2s), aces against kings: 44 rivers, and
    # only the last king (Kh) wins for the kings (no straight or flush can
    # come; a paired 7 or 2 gives both full houses, aces full higher). The
    # kings hit it. Pot 200: the aces' equity share is 43/44 of it.
    (h,) = hc.phh.loads(BAD_BEAT)
    r = hc.stats([h], player="Aces")
    a = r.players["Aces"]
    assert a.winnings == -100 and a.allin_adjusted_hands == 1
    assert a.allin_adjusted == pytest.approx(-100 + 200 * 43 / 44)
    assert a.allin_adjusted_bb_per_100 == pytest.approx(100 * (-100 + 200 * 43 / 44) / 2)
    assert r.series == [pytest.approx((-50.0, (-100 + 200 * 43 / 44) / 2))]
    k = hc.stats([h]).players["Kings"]
    assert k.winnings == 100 and k.allin_adjusted == pytest.approx(100 - 200 * 43 / 44)
    # a hand bet to the river is not adjusted
    (river,) = hc.phh.loads(
        BAD_BEAT.replace(
            "'d db 2s', 'p1 cbr 98', 'p2 cc', 'd db Kh'",
            "'d db 2s', 'p1 cc', 'p2 cc', 'd db Kh', 'p1 cbr 98', 'p2 cc'",
        )
    )
    k = hc.stats([river]).players["Kings"]
    assert k.allin_adjusted_hands == 0 and k.allin_adjusted == k.winnings == 100


def test_a_bankroll_graph_is_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    hands: list = []
    for f in sorted((DATA / "sites" / "pokerstars").glob("*.txt")):
        hands.extend(hc.phh.from_site(f).hands)
    r = hc.stats(hands, player="jimmyhoo")
    assert len(r.series) == r.players["jimmyhoo"].hands_with_result == 70
    png = tmp_path / "bankroll.png"
    r.plot_bankroll(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="player=NAME"):
        hc.stats(hands).plot_bankroll(png)
    # a name's "$" is text, not maths markup (it raised from matplotlib)
    dollars = tmp_path / "dollars.png"
    hc.stats(hands, player="$$Top_Boy$$ OG").plot_bankroll(dollars, title="$$Top_Boy$$ OG")
    assert dollars.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a name that is not valid text (a command line's bytes that are not
    # UTF-8) is a clear error
    with pytest.raises(hc.ConfigError, match="not valid text"):
        hc.stats(hands, player="\udcff")


def test_the_command_line_draws_the_graph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    from holecards.cli import main

    folder = str(DATA / "sites" / "pokerstars")
    png = tmp_path / "g.png"
    assert main(["stats", folder, "--player", "jimmyhoo", "--png", str(png)]) == 0
    assert "bankroll graph" in capsys.readouterr().out and png.stat().st_size > 1000
    assert main(["stats", folder, "--png", str(png)]) == 2
    assert "give --player" in capsys.readouterr().err


# A showdown whose cards are unknown (Bea's hand never shown): Uma (p3)
# raises to 300, Sam folds, Bea calls; Uma bets 300 on the flop, Bea calls;
# checked down, Uma shows. Uma wins 300 + 300 + 50 (Sam's blind) = 650 net,
# Bea loses 600; Sam 50.
_UNKNOWN_SHOWDOWN = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 QsQh', 'p3 cbr 300', 'p1 f', 'p2 cc', \
'd db 2c3d4h', 'p2 cc', 'p3 cbr 300', 'p2 cc', 'd db 5c', 'p2 cc', 'p3 cc', 'd db 7d', \
'p2 cc', 'p3 cc', 'p3 sm QsQh']
players = ['Sam', 'Bea', 'Uma']
"""


def test_a_showdown_with_unknown_cards_counts_as_one() -> None:
    # the stacks recorded say who won: both went to the showdown, Uma won it
    r = hc.stats(hc.phh.loads(_UNKNOWN_SHOWDOWN + "finishing_stacks = [950, 400, 1650]\n"))
    uma, bea = r.players["Uma"], r.players["Bea"]
    assert (uma.went_to_showdown, uma.showdowns_with_result, uma.won_at_showdown) == (1, 1, 1)
    assert (bea.went_to_showdown, bea.showdowns_with_result, bea.won_at_showdown) == (1, 1, 0)
    assert (uma.wtsd, uma.wsd, bea.wsd) == (100.0, 100.0, 0.0)
    assert (uma.winnings, bea.winnings) == (650, -600)
    # no stacks: no result, but going to the showdown needs no cards; who
    # won it is not known (no W$SD chance)
    r = hc.stats(hc.phh.loads(_UNKNOWN_SHOWDOWN))
    for name in ("Uma", "Bea"):
        s = r.players[name]
        assert (s.saw_flop, s.went_to_showdown, s.wtsd) == (1, 1, 100.0), name
        assert (s.showdowns_with_result, s.won_at_showdown, s.wsd) == (0, 0, None), name
        assert s.hands_with_result == 0, name


def test_a_dead_small_blind_has_no_small_blind_position() -> None:
    # a table's layout (docs/phh.md): entry 0 the big blind, entry 1 empty;
    # p1 posts the big blind, nobody the small: BB, UTG, CO, BTN four-handed
    text = """variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [2, 0, 0, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 As2h', 'd dh p2 Td6c', 'd dh p3 Jh7s', 'd dh p4 5h2s', 'p2 cbr 6', 'p3 f', \
'p4 f', 'p1 f']
players = ['Ann', 'Bob', 'Cat', 'Dan']
"""
    r = hc.stats(hc.phh.loads(text))
    assert sorted(r.by_position) == [("Ann", "BB"), ("Bob", "UTG"), ("Cat", "CO"), ("Dan", "BTN")]
    assert r.by_position[("Bob", "UTG")].pfr_hands == 1 and r.players["Bob"].winnings == 2


def test_two_big_blinds_and_a_dead_small_blind_keep_the_small_blind_position() -> None:
    # a returning player (Di) posts a live big blind and a dead small blind
    # (in its antes entry, dead money); Ann, due the big blind, posts one in
    # the small blind's seat, Bo the big blind: Ann is SB and Bo BB (Bo
    # closes the action), not the dead-small-blind layout
    text = """variant = 'NT'
antes = [0, 0, 0, 1, 0]
_dead_small_blinds = [4]
blinds_or_straddles = [2, 2, 2, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100, 100]
actions = ['d dh p1 As2h', 'd dh p2 Td6c', 'd dh p3 Jh7s', 'd dh p4 5h2s', 'd dh p5 9c8c', \
'p3 cc', 'p4 cc', 'p5 f', 'p1 cc', 'p2 cbr 10', 'p3 f', 'p4 f', 'p1 f']
players = ['Ann', 'Bo', 'Cy', 'Di', 'Ed']
"""
    r = hc.stats(hc.phh.loads(text))
    assert not r.skipped, r.skipped_why
    assert sorted(r.by_position) == [
        ("Ann", "SB"),
        ("Bo", "BB"),
        ("Cy", "UTG"),
        ("Di", "CO"),
        ("Ed", "BTN"),
    ]


def test_hands_the_figures_do_not_apply_to_are_skipped_with_why(tmp_path: Path) -> None:
    # one name in two seats: the hand is skipped, never counted twice
    twice = _UNKNOWN_SHOWDOWN.replace("['Sam', 'Bea', 'Uma']", "['Sam', 'Uma', 'Uma']")
    r = hc.stats(hc.phh.loads(twice))
    assert (r.hands, r.skipped, r.players) == (0, 1, {})
    assert "plays twice" in r.skipped_why[0]
    # Progressive hold'em: forced bet sizes, no big blind
    pgt = """variant = 'PGT'
antes = [10, 10, 10]
blinds_or_straddles = [0, 0, 0]
_progressive_bets = [50, 100, 150, 200]
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 2c7d', 'p1 cc', 'p2 cc', 'p3 f', \
'd db 2h3h9c', 'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', 'p2 cc', 'd db Jc', 'p1 cc', 'p2 cc', \
'p1 sm AsAh', 'p2 sm KsKh']
"""
    r = hc.stats(hc.phh.loads(pgt))
    assert (r.hands, r.skipped) == (0, 1) and "Progressive" in r.skipped_why[0]
    # a folder: a file that is no hand history is named among the skipped,
    # the hands beside it counted (as the command line does)
    (tmp_path / "a.phh").write_text(_UNKNOWN_SHOWDOWN + "finishing_stacks = [950, 400, 1650]\n")
    (tmp_path / "notes.txt").write_text("remember to fold more\n")
    r = hc.stats(tmp_path)
    assert r.hands == 1 and any("notes.txt" in w for w in r.skipped_why)
    # the same file given by name raises
    with pytest.raises(hc.HandHistoryError):
        hc.stats(tmp_path / "notes.txt")


def test_the_command_line_refuses_a_graph_it_cannot_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from holecards.cli import main

    folder = str(DATA / "sites" / "pokerstars")
    # checked before the work: nothing printed, a clean refusal
    assert main(["stats", folder, "--player", "jimmyhoo", "--png", str(tmp_path / "g.xyz")]) == 2
    out = capsys.readouterr()
    assert "does not end in .png" in out.err and out.out == ""
    # a player with no hand that has a result: nothing to draw
    f = tmp_path / "a.phh"
    f.write_text(_UNKNOWN_SHOWDOWN)
    assert main(["stats", str(f), "--player", "Uma", "--png", str(tmp_path / "g.png")]) == 2
    assert "no graph written" in capsys.readouterr().err
    assert not (tmp_path / "g.png").exists()


def test_a_bad_phh_file_in_a_folder_is_named_and_the_others_count(tmp_path: Path) -> None:
    # a folder's files that are no hand history are named among the skipped
    # (a bad PHH file stopped the whole run); a file named that cannot be
    # read raises
    good = hc.phh.loads(_UNKNOWN_SHOWDOWN)
    (tmp_path / "a.phh").write_text(hc.phh.dumps(good[0]))
    (tmp_path / "b.phh").write_text("actions = [\n")
    r = hc.stats(tmp_path)
    assert r.hands == 1
    assert any("b.phh" in w and "not valid TOML" in w for w in r.skipped_why), r.skipped_why
    with pytest.raises(hc.HandHistoryError, match="b.phh"):
        hc.stats(tmp_path / "b.phh")


def test_winnings_past_the_exact_range_are_an_error_in_any_order() -> None:
    # 30 decimals in one hand and 10**9-chip blinds in another: the sum is
    # past i128's 38 digits. The total was silently left at the first
    # hand's (0.99... or 10**9 by order); it is a clear error instead.
    tail = "9" * 30
    a = f"""variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"]
players = ["Alice", "Bob"]
finishing_stacks = [100.{tail}, 99]
"""
    b = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1000000000, 2000000000]
min_bet = 2000000000
starting_stacks = [10000000000, 10000000000]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"]
players = ["Alice", "Bob"]
"""
    (ha,) = hc.phh.loads(a)
    (hb,) = hc.phh.loads(b)
    assert hc.stats([ha]).players["Alice"].winnings == Decimal("0." + tail)
    for hands in ([ha, hb], [hb, ha]):
        with pytest.raises(
            hc.HandHistoryError, match="winnings of 'Alice' cannot be summed exactly"
        ):
            hc.stats(hands)


def test_the_command_line_says_why_hands_were_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # recorded stacks that do not add up: the whole hand is left out, and
    # the command line says which and why (it printed a count and a guess)
    from holecards.cli import main

    (good,) = hc.phh.loads(_UNKNOWN_SHOWDOWN)
    bad = hc.phh.dumps(good) + "finishing_stacks = [950, 400, 1700]\n"
    path = tmp_path / "bad.phh"
    path.write_text(bad)
    (h,) = hc.phh.loads(bad)
    r = hc.stats([h])
    assert r.skipped == 1 and "the hand is not counted" in r.skipped_why[0]
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 hands skipped" in out and "the hand is not counted" in out


def test_a_player_the_open_puts_all_in_has_no_three_bet_chance() -> None:
    # Cy opens to 50; Ann (the small blind, 30 behind) can only call all-in:
    # no chance to three-bet, as in HoldemManager and PokerTracker; Bo (the
    # big blind, 200) has one and folds
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [30, 200, 200]
actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'd dh p3 KsKh', 'p3 cbr 50', 'p1 cc', 'p2 f', \
'd db 2c3d4h', 'd db 9s', 'd db Td']
players = ['Ann', 'Bo', 'Cy']
"""
    r = hc.stats(hc.phh.loads(text))
    assert not r.skipped, r.skipped_why
    assert (r.players["Ann"].three_bet_chances, r.players["Ann"].three_bets) == (0, 0)
    assert (r.players["Bo"].three_bet_chances, r.players["Bo"].three_bets) == (1, 0)
    assert r.players["Cy"].three_bet_chances == 0
