"""Site texts that contradict themselves or hold something else: each
case is refused or reported with its reason, never converted as if it were
fine, never lost, never slow or a crash (``holecards.phh.from_site``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import holecards as hc
from holecards.errors import HandHistoryError

# A PokerStars hand worked by hand: A raises to 60, B folds the small
# blind (10), C calls 40 more from the big blind; A wins 60 + 60 + 10 = 130.
PS = """PokerStars Hand #1:  Hold'em No Limit (10/20) - 2024/05/06 7:08:09 ET
Table 'T' 9-max Seat #1 is the button
Seat 1: A (1000 in chips)
Seat 2: B (1000 in chips)
Seat 3: C (1000 in chips)
B: posts small blind 10
C: posts big blind 20
*** HOLE CARDS ***
A: raises 40 to 60
B: folds
C: calls 40
*** FLOP *** [2c 3d 4h]
C: checks
A: checks
*** TURN *** [2c 3d 4h] [5s]
C: checks
A: checks
*** RIVER *** [2c 3d 4h 5s] [9c]
C: checks
A: checks
*** SHOW DOWN ***
A: shows [Ah Ad] (a pair of Aces)
C: mucks hand
A collected 130 from pot
*** SUMMARY ***
Total pot 130 | Rake 0
Board [2c 3d 4h 5s 9c]
Seat 1: A (button) showed [Ah Ad] and won (130)
Seat 2: B (small blind) folded before Flop
Seat 3: C (big blind) mucked
"""

# An 888poker hand: X folds the small blind, Y collects both blinds.
E888 = """#Game No : 5
***** 888poker Hand History for Game 5 *****
$10/$20 Blinds No Limit Holdem - *** 06 05 2024 07:08:09
Table X 9 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: X ( $500 )
Seat 2: Y ( $500 )
X posts small blind [$10]
Y posts big blind [$20]
** Dealing down cards **
X folds
** Summary **
Y collected [ $30 ]
"""


def test_the_worked_hand_converts_to_its_stacks() -> None:
    c = hc.phh.from_site(PS)
    assert not c.problems and len(c.hands) == 1
    # A: 1000 - 60 + 130; B: 1000 - 10; C: 1000 - 60
    assert [int(x) for x in c.hands[0].finishing_stacks] == [990, 940, 1070]


@pytest.mark.parametrize(
    "old,new",
    [
        # a call of more than the bet: the excess is no uncalled bet
        ("C: calls 40", "C: calls 41"),
        ("C: calls 40", "C: calls 1000000000000"),
        # a big blind of 21: C's call of 40 makes 61, more than A's 60
        ("C: posts big blind 20", "C: posts big blind 21"),
    ],
)
def test_a_call_of_more_than_the_bet_is_refused(old: str, new: str) -> None:
    c = hc.phh.from_site(PS.replace(old, new))
    assert not c.hands
    (p,) = c.problems
    assert p.kind == "refused" and "more than the largest bet" in p.reason


# A PokerStars hand that writes its uncalled bet: heads-up, the button
# calls the big blind, the turn bet of 1 is not called and comes back.
PS_UNCALLED = """PokerStars Game #14732633821:  Hold'em No Limit ($0.25/$0.50 USD) - 2010/05/23 22:39:16 ET
Table 'T II' 2-max Seat #1 is the button
Seat 1: Hero ($20 in chips)
Seat 2: Player1 ($50.50 in chips)
Hero: posts small blind $0.25
Player1: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Hero [2h Th]
Hero: calls $0.25
Player1: checks
*** FLOP *** [4c 8c Ac]
Player1: checks
Hero: checks
*** TURN *** [4c 8c Ac] [7s]
Player1: checks
Hero: bets $1
Player1: folds
Uncalled bet ($1) returned to Hero
Hero collected $0.95 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0.05
Board [4c 8c Ac 7s]
Seat 1: Hero (button) (small blind) collected ($0.95)
Seat 2: Player1 (big blind) folded on the Turn
"""


@pytest.mark.parametrize(
    "old,new",
    [
        ("Hero: bets $1\n", "Hero: bets $2\n"),
        ("Uncalled bet ($1)", "Uncalled bet ($0.99)"),
    ],
)
def test_a_written_uncalled_bet_must_agree_with_the_bets(old: str, new: str) -> None:
    # The lines then put in more than the total pot. That excess was taken
    # for an uncalled part the file did not write (as for files before
    # 2006, which write none) and given back, so the damaged hand converted
    # as fine; a file that writes its uncalled bets has none left over.
    assert not hc.phh.from_site(PS_UNCALLED).problems
    c = hc.phh.from_site(PS_UNCALLED.replace(old, new))
    assert not c.hands
    (p,) = c.problems
    assert p.kind == "refused" and "more than the total pot" in p.reason


def test_a_text_cut_after_a_hands_first_line_says_so() -> None:
    # 888poker's `#Game No : N` (and PokerStars' `*********** # N`) come
    # before a hand's header: a text cut right after one held nothing of
    # that hand and reported nothing.
    e = E888.replace("Game 5", "Game 6").replace("#Game No : 5", "#Game No : 6")
    c = hc.phh.from_site(E888 + "\n" + e + "\n#Game No : 7\n")
    assert len(c.hands) == 2 and len(c.problems) == 1
    p = c.problems[0]
    assert p.kind == "refused" and "#Game No : 7" in p.reason and "cut short" in p.reason
    assert p.line == (E888 + "\n" + e).count("\n") + 2
    assert not hc.phh.from_site(E888 + "\n" + e).problems


def test_a_bet_of_more_than_the_stack_is_refused_not_given_back() -> None:
    # A's raise to 5000 (stack 1000) is called by no one; the pot says 130
    text = PS.replace("A: raises 40 to 60", "A: raises 4980 to 5000")
    c = hc.phh.from_site(text)
    assert not c.hands
    assert "more than the stack" in c.problems[0].reason


def test_lines_after_a_summary_are_refused_not_ignored() -> None:
    # an action after the summary
    c = hc.phh.from_site(PS + "C: raises 100 to 200\nA collected 999 from pot\n")
    assert not c.hands and "a summary line not understood" in c.problems[0].reason
    # another site's hand after it: its header is not read as PokerStars',
    # so the hand that holds it is refused, never converted with it lost
    c = hc.phh.from_site(PS + "\n" + E888)
    assert not c.hands and c.problems[0].line == 1
    assert "summary line not understood" in c.problems[0].reason


def test_bare_carriage_returns_end_lines_for_detection_and_paths() -> None:
    c = hc.phh.from_site(E888.replace("\n", "\r"))
    assert c.site == "888poker" and len(c.hands) == 1
    # text whose only line ends are CRs is text, not a path
    c = hc.phh.from_site("\r" + PS.replace("\n", "\r"))
    assert c.site == "pokerstars" and len(c.hands) == 1


def test_junk_before_the_hands_does_not_hide_them() -> None:
    c = hc.phh.from_site("junk\n" * 10_001 + PS)
    assert c.site == "pokerstars" and len(c.hands) == 1
    assert c.problems and "before the first hand" in c.problems[0].reason


def test_a_full_tilt_header_with_a_character_in_its_date_is_refused() -> None:
    for ch in ["\u00e9", "\u20ac", "\u00a0", "\uff11"]:
        text = (
            "Full Tilt Poker Game #1: Table T (9 max) - 10/20 - No Limit Hold'em - "
            f"07:08:09 ET - 2024/05/0{ch}\n"
        )
        c = hc.phh.from_site(text)
        assert not c.hands and len(c.problems) == 1 and c.problems[0].kind == "refused"


def test_a_lone_surrogate_is_a_hand_history_error() -> None:
    with pytest.raises(HandHistoryError, match="lone surrogate"):
        hc.phh.from_site(PS.replace("Seat 1: A", "Seat 1: A\udcff"))


def test_ipoker_games_not_read_as_games_are_reported() -> None:
    c = hc.phh.from_site(
        '<session sessioncode="1">\n<GAME gamecode="1"><general></general></GAME>\n</session>\n'
    )
    assert not c.hands and len(c.problems) == 1
    assert "outside any <game> element" in c.problems[0].reason
    c = hc.phh.from_site('<session sessioncode="1">\n<game gamecode="1"></game>\ngarbage\n')
    assert [p.line for p in c.problems] == [2, 3]
    assert "outside any <game> element" in c.problems[1].reason


def test_an_ipoker_game_cut_short_does_not_swallow_the_next() -> None:
    # A game cut in the middle (no </game>) ran to the next game's closing
    # tag: that whole game went into the cut one's block, refused with it,
    # and was neither converted nor reported. It now ends where the next
    # game or session starts.
    sys.path.insert(0, str(Path(__file__).parent))
    from site_writer import write_ipoker

    names = ["Ann", "Bob", "Cy"]
    texts = []
    for seed in (1, 2):
        h = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [200] * 3, seed=seed)
        while not h.is_over:
            h.check_or_call()
        texts.append(write_ipoker(h, 100 + seed, names))
    whole = texts[0] + texts[1]
    assert len(hc.phh.from_site(whole).hands) == 2
    cut = texts[0][: texts[0].index("</round>")]
    c = hc.phh.from_site(cut + "\n" + whole)
    assert len(c.hands) == 2 and len(c.problems) == 1
    assert "not whole XML" in c.problems[0].reason


def test_ipoker_splitting_is_linear() -> None:
    # 40,000 sessions with no game, and 40,000 empty games in one session:
    # each search starts where the last stopped (these took 26 s and 13 s
    # when every game searched the rest of the text again)
    start = time.monotonic()
    c = hc.phh.from_site('<session sessioncode="1">\n' * 40_000)
    assert not c.hands and not c.problems
    text = (
        '<?xml version="1.0"?>\n<session sessioncode="1">\n'
        + '<game gamecode="1"></game>\n' * 40_000
        + "</session>\n"
    )
    c = hc.phh.from_site(text, threads=1)
    assert len(c.problems) == 40_000 and not c.hands
    assert time.monotonic() - start < 10


def test_acpc_junk_before_the_first_hand_is_reported_once() -> None:
    log = "junk\nSTATE:3:f:7c2d|AhKh:50|-50:Intermission|Slumbot\n"
    c = hc.phh.from_site(log, site="acpc")
    assert len(c.hands) == 1
    assert len(c.problems) == 1 and "before the first hand" in c.problems[0].reason


def test_a_text_of_millions_of_broken_hands_lists_a_bounded_number() -> None:
    # 150,000 headers that are no hand: the first 100,000 problems listed,
    # the rest counted in one
    c = hc.phh.from_site("Poker Hand #A\n" * 150_000, site="ggpoker")
    assert not c.hands and len(c.problems) == 100_001
    last = c.problems[-1]
    assert last.line == 100_001 and "50000 more hands not converted" in last.reason


def test_stats_prints_names_as_written(tmp_path: Path) -> None:
    # `joe[/x]` and `[red]bob` are names, not markup
    text = re.sub(r"(?m)^(Seat 1: |)A\b", r"\1joe[/x]", PS)
    text = re.sub(r"(?m)^(Seat 3: |)C\b", r"\1[red]bob", text)
    (h,) = hc.phh.from_site(text).hands
    assert h.players == ["B", "[red]bob", "joe[/x]"]
    f = tmp_path / "hands.txt"
    f.write_text(text, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "holecards", "stats", str(f)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "250"},
    )
    assert out.returncode == 0, out.stderr
    assert "joe[/x]" in out.stdout and "[red]bob" in out.stdout


def test_a_damaged_partypoker_line_is_not_taken_for_chat() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from site_writer import write_party

    hand = hc.Hand(hc.Rules.no_limit(small_blind=1, big_blind=2), [200, 200, 200], button=0, seed=7)
    while not hand.is_over:
        hand.check_or_call()
    text = write_party(hand, 12345, ["Ann", "Bob", "Cid"])
    assert len(hc.phh.from_site(text).hands) == 1
    lines = text.split("\n")
    # a line of control characters before `: ` is no player's chat
    at = len(lines) // 2
    lines.insert(at, "\x00\x01 garbage :: $$$")
    c = hc.phh.from_site("\n".join(lines))
    assert not c.hands and "not understood" in c.problems[0].reason
    # a chat line (an observer's name, then `: `) is skipped
    lines[at] = "Observer 7: nice hand"
    assert len(hc.phh.from_site("\n".join(lines)).hands) == 1


def test_a_summarys_own_lines_are_read() -> None:
    # GGPoker names a run on a line of its own before its board; tournament
    # lines and connections can come anywhere
    text = PS.replace("Board [2c", "FIRST\nBoard [2c").replace(
        "Seat 3: C (big blind) mucked\n",
        "Seat 3: C (big blind) mucked\nB is disconnected\n",
    )
    c = hc.phh.from_site(text)
    assert len(c.hands) == 1 and not c.problems


# An 888poker sit-and-go hand worked by hand: Villain (1,470) moves in on
# the flop and Hero (930) calls all-in: 930 each, a pot of 1,860 that
# Villain collects; Villain's 540 over Hero's stack comes back uncalled,
# and 888 leaves it out of the collection (a tournament takes no rake, so
# reading it as collected would keep 540 as rake). Villain ends 2,400.
_888_SNG = """#Game No : 339531379
***** 888poker Hand History for Game 339531379 *****
$10/$20 Blinds No Limit Holdem - *** 19 01 2012 20:23:13
Tournament #35590332 $2.50 + $0.25 - Table #1 (Real Money)
Seat 9 is the button
Total number of players : 2
Seat 4: Hero ( $930 )
Seat 9: Villain ( $1,470 )
Villain posts small blind [$10]
Hero posts big blind [$20]
** Dealing down cards **
Dealt to Hero [ 9h, 9c ]
Villain raises [$30]
Hero raises [$113]
Villain calls [$93]
** Dealing flop ** [ 2h, 7d, Qc ]
Hero bets [$133]
Villain raises [$1,337]
Hero calls [$664]
** Dealing turn ** [ 7h ]
** Dealing river ** [ Ac ]
** Summary **
Hero shows [ 9h, 9c ]
Villain shows [ 8c, Qh ]
Villain collected [ $1,860 ]
"""


def test_an_888_all_in_called_in_part_leaves_no_rake() -> None:
    c = hc.phh.from_site(_888_SNG)
    assert c.problems == []
    h = c.hands[0]
    assert list(h.players) == ["Hero", "Villain"]
    assert list(h.finishing_stacks) == [0, 2400]
    assert list(h.winnings) == [0, 1860] and h.metadata["_rake"] == 0


def test_a_rake_no_site_takes_is_refused() -> None:
    # the winner's collection lost: in a tournament nothing is kept
    lost = _888_SNG.replace("Villain collected [ $1,860 ]\n", "")
    c = hc.phh.from_site(lost)
    assert c.hands == [] and "in a tournament" in c.problems[0].reason
    # at a cash table more than a tenth of the pot: not a rake (here 30 of
    # a pot of 1,860 is one, 540 is not)
    cash = _888_SNG.replace("Tournament #35590332 $2.50 + $0.25 - Table #1", "Table Ayr 6 Max")
    ok = hc.phh.from_site(cash.replace("$1,860 ]", "$1,830 ]"))
    assert ok.problems == [] and ok.hands[0].metadata["_rake"] == 30
    bad = hc.phh.from_site(cash.replace("$1,860 ]", "$1,320 ]"))
    assert bad.hands == [] and "more than any site's rake" in bad.problems[0].reason


def test_cards_shown_that_cannot_be_read_refuse_the_hand() -> None:
    # checked down, both show: alice's aces win the 200
    text = """PokerStars Hand #1001:  Hold'em No Limit (50/100) - 2024/05/06 7:08:09 ET
Table 'T' 9-max Seat #1 is the button
Seat 1: alice (10000 in chips)
Seat 2: bob (10000 in chips)
alice: posts small blind 50
bob: posts big blind 100
*** HOLE CARDS ***
Dealt to alice [Ac Ah]
alice: calls 50
bob: checks
*** FLOP *** [2d 9d 4d]
bob: checks
alice: checks
*** TURN *** [2d 9d 4d] [3h]
bob: checks
alice: checks
*** RIVER *** [2d 9d 4d 3h] [Js]
bob: checks
alice: checks
*** SHOW DOWN ***
alice: shows [Ac Ah]
bob: shows [Kc Kh]
alice collected 200 from pot
*** SUMMARY ***
Total pot 200 | Rake 0
Board [2d 9d 4d 3h Js]
"""
    assert hc.phh.from_site(text).problems == []
    for old, new in [
        ("bob: shows [Kc Kh]", "bob: shows [1c Kh]"),
        ("alice: shows [Ac Ah]", "alice: shows [Ac Ahh]"),
        ("Board [2d 9d 4d 3h Js]", "Board [2d 9d 4d 3h 1s]"),
    ]:
        c = hc.phh.from_site(text.replace(old, new))
        assert c.hands == [] and "not read" in c.problems[0].reason, new
    # an exporter's unknown card (`XX`): the card shown kept, no refusal
    c = hc.phh.from_site(text.replace("bob: shows [Kc Kh]", "bob: shows [XX Kh]"))
    assert c.problems == [] and len(c.hands) == 1
    # a hand shown in part must be among the cards dealt (alice's aces)
    c = hc.phh.from_site(text.replace("alice: shows [Ac Ah]", "alice: shows [Ac]"))
    assert c.problems == [] and len(c.hands) == 1
    c = hc.phh.from_site(text.replace("alice: shows [Ac Ah]", "alice: shows [Kd]"))
    assert c.hands == [] and "other than those dealt" in c.problems[0].reason


def test_a_partypoker_split_pot_on_one_line_pays_both_winners() -> None:
    # the Mac client glues the second winner on after a period: alice wins
    # 1.03 and carol 1.02 of a 2.10 pot (0.05 rake)
    text = """#Game No : 4567631488
***** Hand History for Game 12395241485 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:34:49 ICT 2012
Table Algeciras ( Real Money )
Seat 1 is the button
Total number of players : 3/6
seat 1: alice ( $26,02 USD )
seat 2: bob ( $30,04 USD )
seat 3: carol ( $27,15 USD )
bob posts small blind [$0,10 USD].
carol posts big blind [$0,25 USD].
** Dealing down cards **
alice raises [ $1 USD ]
bob folds
carol calls [ $0,75 USD ]
** Dealing Flop ** [ Th, Qd, As ]
carol checks
alice checks
** Dealing Turn ** [ 8h ]
carol checks
alice checks
** Dealing River ** [ 6c ]
carol checks
alice checks
alice shows [ Ah, Qc ]two pairs, Aces and Queens.
carol shows [ Ac, Qs ]two pairs, Aces and Queens.
alice wins $1,03 USD from the main pot with two pairs, Aces and Queens.carol wins $1,02 USD \
from the main pot with two pairs, Aces and Queens.
"""
    c = hc.phh.from_site(text)
    assert c.problems == []
    h = c.hands[0]
    won = dict(zip(h.players, h.winnings))
    assert (str(won["alice"]), str(won["carol"]), str(h.metadata["_rake"])) == (
        "1.03",
        "1.02",
        "0.05",
    )
