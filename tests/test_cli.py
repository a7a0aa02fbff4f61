"""The ``holecards`` command line: demo, eval and deal, run in-process and once
as ``python -m holecards``."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import holecards
from holecards.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def section(text: str, title: str) -> List[str]:
    """The lines of a ``*** TITLE ***`` block, up to the next blank line."""
    lines = text.splitlines()
    start = lines.index(f"*** {title} ***") + 1
    block = []
    for line in lines[start:]:
        if not line:
            break
        block.append(line)
    return block


def payoffs(text: str) -> Dict[int, int]:
    result = {}
    for line in section(text, "PAYOFFS"):
        match = re.fullmatch(r"  seat (\d+): ([+-]?\d+)  \(stack (\d+)\)", line)
        if match:
            result[int(match.group(1))] = int(match.group(2))
    return result


def hole_cards(text: str) -> Dict[int, str]:
    return {
        int(seat): cards
        for seat, cards in re.findall(r"^  seat (\d+)  stack \d+  \[(\S+ \S+)\]", text, re.M)
    }


# --------------------------------------------------------------------------
# demo


def test_demo_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo")
    assert code == 0
    assert err == ""
    assert "seed 1" in out.splitlines()[0]
    assert "Rules: no-limit hold'em, blinds 50/100" in out
    assert "*** PREFLOP ***" in out
    assert "seat 1 posts small blind 50" in out
    assert "seat 2 posts big blind 100" in out

    holes = hole_cards(out)
    assert sorted(holes) == list(range(6))
    dealt = [card for cards in holes.values() for card in cards.split()]
    assert len(set(dealt)) == 12

    pays = payoffs(out)
    assert sorted(pays) == list(range(6))
    assert sum(pays.values()) == 0
    assert any(pays.values())
    for line in section(out, "PAYOFFS"):
        match = re.fullmatch(r"  seat (\d+): ([+-]?\d+)  \(stack (\d+)\)", line)
        if match:
            assert int(match.group(3)) == 10_000 + int(match.group(2))

    assert "*** EVALUATOR ***" in out
    assert "Royal flush" in out


def test_demo_showdown_names_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """Every shown hand is named as holecards.evaluate names it, and the
    single pot goes to the best of them (seed 1 reaches a showdown)."""
    code, out, _ = run(capsys, "demo", "--seed", "1")
    assert code == 0
    board_match = re.search(r"^\*\*\* SHOWDOWN \*\*\* \[(.+)\]$", out, re.M)
    assert board_match is not None
    board = board_match.group(1)
    assert len(board.split()) == 5
    holes = hole_cards(out)
    ranks = {}
    for seat, cards, name in re.findall(
        r"^seat (\d+) shows \[(.+?)\]: (.+?)  \(best five", out, re.M
    ):
        assert cards == holes[int(seat)]
        rank = holecards.evaluate(f"{cards} {board}")
        assert name == rank.name
        ranks[int(seat)] = rank
    assert len(ranks) >= 2
    best = max(ranks.values())
    winners = sorted(seat for seat, rank in ranks.items() if rank == best)
    pot_lines = section(out, "POTS")
    assert len(pot_lines) == 1
    if len(winners) == 1:
        assert pot_lines[0].endswith(f"won by seat {winners[0]}")
    else:
        assert "split between" in pot_lines[0]


def test_demo_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "demo", "--seed", "7")
    _, second, _ = run(capsys, "demo", "--seed", "7")
    _, other, _ = run(capsys, "demo", "--seed", "8")
    assert first == second
    assert first != other


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
@pytest.mark.parametrize("players", [2, 3, 9])
def test_demo_structures_and_tables(
    capsys: pytest.CaptureFixture[str], structure: str, players: int
) -> None:
    for seed in range(5):
        code, out, err = run(
            capsys, "demo", "--seed", str(seed), "--players", str(players), "--structure", structure
        )
        assert code == 0, err
        assert f"Rules: {structure} hold'em" in out
        assert sorted(hole_cards(out)) == list(range(players))
        pays = payoffs(out)
        assert sorted(pays) == list(range(players))
        assert sum(pays.values()) == 0


def test_demo_fixed_limit_bets_are_fixed(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(10):
        _, out, _ = run(capsys, "demo", "--seed", str(seed), "--structure", "fixed-limit")
        assert "bets 100/200" in out
        street = "PREFLOP"
        for line in out.splitlines():
            header = re.match(r"\*\*\* (\w+) \*\*\*", line)
            if header:
                street = header.group(1)
            bet = re.fullmatch(r"seat \d+ bets (\d+)", line)
            if bet:
                assert int(bet.group(1)) == (100 if street == "FLOP" else 200)


def test_python_m_holecards_demo(capsys: pytest.CaptureFixture[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "holecards", "demo"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert sum(payoffs(proc.stdout).values()) == 0
    # The same program in-process prints the same hand.
    _, out, _ = run(capsys, "demo")
    assert proc.stdout == out


# --------------------------------------------------------------------------
# eval


def test_eval_royal_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eval", "Ah Kh Qh Jh Th 2c 3d")
    assert code == 0
    assert err == ""
    rank = holecards.evaluate("Ah Kh Qh Jh Th 2c 3d")
    assert "name:      Royal flush" in out
    assert f"value:     {rank.value}" in out
    assert "category:  straight flush" in out
    assert "best five: Ah Kh Qh Jh Th" in out


def test_eval_omaha_hilo_names_the_high_and_the_low(capsys: pytest.CaptureFixture[str]) -> None:
    board = "2c 3d 4h 9s 8c"
    code, out, err = run(
        capsys, "eval", "--game", "omaha-hilo", "--board", board, "Ah 2d Ks Qs", "As Kd 5c 6h"
    )
    assert code == 0 and err == ""
    assert "board: 2c 3d 4h 9s 8c" in out
    # A-2 and 3-4-8: an eight-four low; 5-6 and 2-3-4: a six-high straight
    # and the wheel low, which wins both halves.
    assert "low:       Eight-four low (8c 4h 3d 2d Ah)" in out
    assert "hand 2 wins with Straight, six high" in out
    assert "hand 2 wins the low with Five-four low" in out
    code, out, _ = run(
        capsys,
        "eval",
        "--json",
        "--game",
        "omaha-hilo",
        "--board",
        board,
        "Qh Qd Jc Tc",
        "Ah 2d Ks Qs",
    )
    payload = json.loads(out)
    assert payload["winners"] == [0] and payload["low_winners"] == [1]
    assert "low" not in payload["hands"][0]
    assert payload["hands"][1]["low"]["name"] == "Eight-four low"
    assert payload["hands"][0]["value"] == holecards.evaluate_omaha("Qh Qd Jc Tc", board).value


def test_eval_omaha_needs_a_board_and_four_hole_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "eval", "--game", "omaha", "Ah Kd Qs Jc")
    assert code == 2 and "--game omaha needs --board" in err and "Traceback" not in err
    code, _, err = run(capsys, "eval", "--game", "omaha", "--board", "2c 3d 4h", "Ah Kd")
    assert code == 2 and "Omaha needs 4, 5 or 6 hole cards, got 2" in err


def test_eval_short_deck_and_a_shared_board(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["Ah 6d 7c 8s 9h Kd Jc", "Ks Kd Kc 7s 6d Ah 9c"]
    code, out, _ = run(capsys, "eval", "--game", "short-deck", *hands)
    assert code == 0 and "hand 1 wins with Straight, nine high" in out
    code, out, _ = run(capsys, "eval", "--game", "short-deck", "--trips-beat-straight", *hands)
    assert "hand 2 wins with Three of a kind, kings" in out
    code, _, err = run(capsys, "eval", "--game", "short-deck", "5h 6d 7c 8s 9h")
    assert code == 2 and "5h is not in the short deck" in err
    # hold'em with a board: each argument is a player's hole cards
    code, out, _ = run(capsys, "eval", "AhAd", "KhKd", "--board", "2c3d4h5s9c")
    assert "hand 1 wins with Straight, five high" in out


def test_eval_cards_as_separate_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "Ah", "Kh", "Qh", "Jh", "Th")
    assert code == 0
    assert "Royal flush" in out
    assert "hand 1" not in out


def test_eval_several_hands_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "eval", "Kh Kd Kc 7s 7d 2c 3h", "As Ks Qs Js Ts 4d 4c", "2c 3d 4h 5s 7c"
    )
    assert code == 0
    assert "hand 1: Kh Kd Kc 7s 7d 2c 3h" in out
    assert "Full house, kings full of sevens" in out
    assert out.rstrip().endswith("hand 2 wins with Royal flush")


def test_eval_several_hands_tie(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "Ac Kd Qs Js Ts", "Ad Kc Qs Js Ts 2c", "9c 9d Qs Js Ts")
    assert code == 0
    assert out.rstrip().endswith("hands 1 and 2 tie with Straight, ace high")


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "--json", "Ah Kh Qh Jh Th 2c 3d")
    assert code == 0
    data = json.loads(out)
    assert data == {
        "cards": ["Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"],
        "value": holecards.evaluate("Ah Kh Qh Jh Th").value,
        "category": "STRAIGHT_FLUSH",
        "best_five": ["Ah", "Kh", "Qh", "Jh", "Th"],
        "name": "Royal flush",
    }

    code, out, _ = run(
        capsys, "eval", "--json", "Ac Kd Qs Js Ts", "Ad Kc Qs Js Ts 2c", "Kh Kd Kc 7s 7d"
    )
    assert code == 0
    data = json.loads(out)
    assert [hand["name"] for hand in data["hands"]] == [
        "Straight, ace high",
        "Straight, ace high",
        "Full house, kings full of sevens",
    ]
    assert data["winners"] == [2]
    assert data["tie"] is False


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["eval", "Ah Kh Qh Jh Zz"], "'Zz'"),
        (["eval", "Ah", "Kh", "Qh", "Jh", "Xx"], "'Xx'"),
        (["eval", "Ah Kh Qh Jh Th", "Ah Kh"], "hand 2"),
        (["eval", "Ah Kh"], "not 2"),
        (["eval", "Ah Ah Qh Jh Th"], "duplicate card Ah"),
        (["demo", "--players", "1"], "players"),
        (["demo", "--players", "23"], "players"),
        (["demo", "--seed", "-1"], "seed"),
        (["demo", "--seed", "abc"], "seed"),
        (["demo", "--structure", "spread-limit"], "spread-limit"),
        (["deal", "--players", "99"], "players"),
        (["shuffle"], "shuffle"),
        ([], "required"),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: List[str], needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert "holecards: error: " in err
    assert needle in err
    assert "Traceback" not in err


def test_bad_card_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "eval", "Ah Kh Qh Jh 1x")
    assert code == 2
    assert err.startswith("holecards: error: ")
    assert "'1x' is not a card" in err
    assert err.count("\n") == 1


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "demo" in out and "eval" in out and "deal" in out


@pytest.mark.parametrize(
    "command, words",
    [
        ("demo", "between seeded demo bots and print the hand log"),
        ("eval", "Arguments that are each a single card are taken together as one hand."),
        ("deal", "Deal two hole cards to each player and a five-card board"),
        ("equity", "(TT+,AQs+ / AA:0.5,KK / random / 15%)"),
        ("simulate", "random, calling_station, tight_aggressive (or tag, station)"),
        ("simulate", "chips won per 100 hands with a 95% confidence interval;"),
        ("play", "built-in bots (random, calling_station, tight_aggressive). Moves:"),
    ],
)
def test_each_command_describes_itself(
    capsys: pytest.CaptureFixture[str], command: str, words: str
) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert words in " ".join(out.split())
    code, out, _ = run(capsys, "--help")
    summary = {
        "demo": "play one complete example hand and print its log",
        "eval": "evaluate 5 to 7 card hands",
        "deal": "deal hole cards and a board",
        "equity": "equity of hands and ranges, exact or by Monte Carlo",
        "simulate": "bots against bots: many hands or tournaments, results per seat",
        "play": "play at the terminal against built-in bots (cash or tournament)",
    }[command]
    assert re.search(rf"^    {command} +{re.escape(summary)}$", out, re.M), out


# --------------------------------------------------------------------------
# deal


def test_deal_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--seed", "5", "--players", "4")
    assert code == 0
    assert err == ""
    assert out.splitlines()[0] == "holecards deal: 4 players, seed 5"
    seats = re.findall(r"^  seat (\d+)  \[(\S+) (\S+)\]  (.+?)(  \*)?$", out, re.M)
    assert [int(seat) for seat, *_ in seats] == [0, 1, 2, 3]
    board_match = re.search(r"^board: \[(\S+) (\S+) (\S+)\] \[(\S+)\] \[(\S+)\]$", out, re.M)
    assert board_match is not None
    board = list(board_match.groups())
    cards = [card for _, a, b, _, _ in seats for card in (a, b)] + board
    assert len(set(cards)) == 4 * 2 + 5
    ranks = []
    for _, a, b, name, _ in seats:
        rank = holecards.evaluate([a, b, *board])
        assert name == rank.name
        ranks.append(rank)
    winners = [seat for seat, rank in enumerate(ranks) if rank == max(ranks)]
    for seat, *_, star in seats:
        assert bool(star) == (int(seat) in winners)

    _, again, _ = run(capsys, "deal", "--seed", "5", "--players", "4")
    assert again == out


def test_deal_without_seed_prints_a_reusable_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--players", "3")
    assert code == 0
    match = re.match(r"holecards deal: 3 players, seed (\d+)\n", out)
    assert match is not None
    _, again, _ = run(capsys, "deal", "--players", "3", "--seed", match.group(1))
    assert again == out


def test_deal_full_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "1", "--players", "22")
    assert code == 0
    assert len(re.findall(r"^  seat \d+  \[", out, re.M)) == 22


# --------------------------------------------------------------------------
# replay and convert (PHH hand histories)

PHH_SAMPLE = Path(__file__).parent / "data" / "phh"


def test_replay_a_folder_summarises_and_fails_on_the_broken_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "replay", str(PHH_SAMPLE))
    assert code == 1, err
    assert "matched their finishing_stacks" in out and "unsupported variant" in out
    assert re.search(r"matched their finishing_stacks\s*│\s*299", out), out
    assert re.search(r"unsupported variant\s*│\s*0", out), out
    assert "unsupported variants:" not in out
    assert (
        "FAILED" in out
        and "wsop-2019-42-3-00-01-07.phh: action 13" in out
        and "p8 is to act" in out
    )
    assert "Traceback" not in out + err


def test_replay_good_files_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(PHH_SAMPLE / "pluribus" / "84"), "--threads", "1")
    assert code == 0
    assert "108 hands" in out


def test_replay_a_bad_file_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'NT'\nantes = [0, 0\n")
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert "bad.phh" in out and "line" in out
    code, out, err = run(capsys, "replay", str(tmp_path / "missing.phh"))
    assert code == 2 and "no such file" in err and "Traceback" not in err


def test_convert_writes_three_parquet_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    target = tmp_path / "corpus.parquet"
    code, out, err = run(
        capsys, "convert", str(PHH_SAMPLE / "pluribus" / "84"), "--to", str(target)
    )
    assert code == 0, err
    hands = pq.read_table(target)
    actions = pq.read_table(tmp_path / "corpus.actions.parquet")
    assert hands.num_rows == 108
    assert set(hands.column("status").to_pylist()) == {"ok"}
    assert sum(sum(s) for s in hands.column("final_stacks").to_pylist()) == 108 * 6 * 10_000
    assert actions.num_rows > 108 * 6
    players = pq.read_table(tmp_path / "corpus.players.parquet")
    assert players.num_rows == 108 * 6
    assert "108 hands" in out and "648 players" in out
    # Pluribus' hands name their players: six a hand, every stack 10,000
    assert set(players.column("starting_stack").to_pylist()) == {10_000}
    assert None not in players.column("name").to_pylist()
    # another suffix was written as Parquet under that name (out.csv)
    code, out, err = run(
        capsys, "convert", str(PHH_SAMPLE / "pluribus" / "84"), "--to", str(tmp_path / "o.csv")
    )
    assert code == 2 and "write a .phhs file or .parquet tables, not .csv" in err
    assert not (tmp_path / "o.csv").exists() and "Traceback" not in err


def test_equity_for_omaha_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "--game", "omaha-hilo", "AsAh2d3c", "KsKd8h9h", "--board", "4s 5d Jc"]
    code, out, err = run(capsys, *args, "--json")
    assert code == 0 and "Traceback" not in err
    payload = json.loads(out)
    want = holecards.omaha_equity(["AsAh2d3c", "KsKd8h9h"], "4s5dJc", hilo=True)
    assert payload["equities"] == want.equities and payload["scoops"] == want.scoops
    assert payload["deals"] == 820 and payload["exact"] is True
    code, out, _ = run(capsys, *args)
    assert code == 0 and "Omaha hi/lo equity (exact, 820 deals)" in out
    assert f"{100 * want.low_shares[0]:.2f}%" in out
    code, out, _ = run(
        capsys,
        "equity",
        "--game",
        "omaha",
        "AsAhKsKh",
        "QdJdTc9c",
        "--trials",
        "20000",
        "--seed",
        "2",
    )
    assert code == 0 and "Monte Carlo, seed 2, 20,000 deals" in out
    # A partly known hand: its other two cards dealt at random (exact would
    # be over a billion deals: refused, so Monte Carlo).
    code, _, err = run(capsys, "equity", "--game", "omaha", "AsAh", "KsKd8h9h")
    assert code == 2 and "give trials" in err
    code, out, err = run(
        capsys, "equity", "--game", "omaha", "AsAh", "random", "--trials", "5000", "--seed", "1"
    )
    assert code == 0 and "random" in out, err
    code, _, err = run(capsys, "equity", "--game", "omaha", "AsAhKsKhQsQhJs", "KsKd8h9h")
    assert code == 2 and "Omaha needs 4, 5 or 6 hole cards, got 7" in err
    # the stud games take each player's known cards, up and down alike
    code, out, err = run(
        capsys, "equity", "--game", "razz", "As2h3d", "KsKdQd", "--trials", "2000", "--seed", "1"
    )
    assert code == 0 and "razz equity (Monte Carlo, seed 1, 2,000 deals)" in out, err
    # two hidden cards each and five to come for both: too many deals to list
    code, _, err = run(capsys, "equity", "--game", "stud", "AsAh", "KsKd")
    assert code == 2 and "give trials" in err, err
    code, _, err = run(capsys, "equity", "--game", "2-7-triple-draw", "AsAh", "KsKd")
    assert code == 2 and "a draw game's hands change with the draws" in err, err
    code, _, err = run(capsys, "equity", "--game", "draw", "AsAh", "KsKd")
    assert code == 2 and "unknown game" in err
    code, _, err = run(capsys, "equity", "--game", "omaha", "AsAhKsKh", "--grid")
    assert code == 2 and "--grid is for hold'em" in err


def test_demo_at_a_crowded_table(capsys: pytest.CaptureFixture[str]) -> None:
    # --players takes 2 to 22; the equity lines take 10 hands at most, so a
    # street with more players in says so instead of failing the demo
    for players in ("11", "22"):
        code, out, err = run(capsys, "demo", "--players", players, "--seed", "3")
        assert code == 0, err
        assert err == "" and "equity shown from 10 or fewer" in out


# A child that starts as the command line does (``argv0``), with a Ctrl-C
# (SIGINT to itself) as the import of module ``target`` begins.
_INTERRUPTED_START = """
import importlib.abc, os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
sys.argv[0] = {argv0!r}
class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == {target!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupt())
from holecards.cli import main
sys.exit(main(["--version"]))
"""


@pytest.mark.timeout(60)
@pytest.mark.parametrize("target", ["holecards.phh", "holecards._evaluate", "holecards.cli.demo"])
@pytest.mark.parametrize("argv0", ["/usr/local/bin/holecards", "-m"])
def test_ctrl_c_while_the_command_line_imports_gives_no_traceback(target: str, argv0: str) -> None:
    code = _INTERRUPTED_START.format(argv0=argv0, target=target)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=50)
    assert (done.returncode, done.stderr) == (130, "holecards: interrupted\n")


@pytest.mark.timeout(60)
def test_a_program_importing_holecards_keeps_keyboard_interrupt() -> None:
    code = _INTERRUPTED_START.format(argv0="/srv/bot.py", target="holecards._evaluate")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=50)
    # (Python ends by the signal itself after an uncaught KeyboardInterrupt)
    assert done.returncode != 130 and "KeyboardInterrupt" in done.stderr


def test_convert_refuses_a_target_that_is_no_file_and_leaves_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("pyarrow.parquet")
    source = str(PHH_SAMPLE / "pluribus" / "84")
    folder = tmp_path / "taken.parquet"
    folder.mkdir()
    fifo = tmp_path / "pipe.phhs"
    os.mkfifo(fifo)
    for target, why in (
        ("", "give a file name"),
        (str(tmp_path) + "/", "not a regular file"),
        (str(folder), "not a regular file"),
        (str(fifo), "not a regular file"),
    ):
        code, out, err = run(capsys, "convert", source, "--to", target)
        assert code == 2 and why in err and "Traceback" not in err and "internal" not in err
    assert folder.is_dir() and stat.S_ISFIFO(os.stat(fifo).st_mode)
    # A companion table that cannot be written: nothing is put in place.
    (tmp_path / "out.actions.parquet").mkdir()
    code, out, err = run(capsys, "convert", source, "--to", str(tmp_path / "out.parquet"))
    assert code == 2 and "out.actions.parquet" in err
    assert not (tmp_path / "out.parquet").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "out.actions.parquet",
        "pipe.phhs",
        "taken.parquet",
    ]


def test_convert_puts_every_table_in_place_or_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    source = str(PHH_SAMPLE / "pluribus" / "84")
    target = tmp_path / "c.parquet"
    target.write_bytes(b"before")
    real = pq.write_table
    calls = []

    def failing(table: object, where: object, *a: object, **k: object) -> None:
        calls.append(where)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        real(table, where, *a, **k)

    monkeypatch.setattr(pq, "write_table", failing)
    code, out, err = run(capsys, "convert", source, "--to", str(target))
    assert code == 2 and "No space left" in err
    assert target.read_bytes() == b"before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.parquet"]
    monkeypatch.setattr(pq, "write_table", real)
    code, out, err = run(capsys, "convert", source, "--to", str(target))
    assert code == 0 and pq.read_table(target).num_rows == 108
