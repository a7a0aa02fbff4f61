"""``holecards.phh`` on hostile input: files built to crash the reader, make
it run without end, grow without bound or slip past the TOML grammar. Each
gives a clean ``HandHistoryError`` (a ``ValueError``) naming the problem, or
a correct read. Whatever might kill the interpreter or hang runs in a child
process with a time limit, so a regression fails the test instead.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from decimal import Decimal
from pathlib import Path
from typing import Any, List

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards as hc
from holecards import phh
from holecards._core import _phh_check_each

SAMPLE = Path(__file__).parent / "data" / "phh"
HAND = (
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [100, 100]\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']\n"
)
FIELDS = [
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet", "starting_stacks",
    "actions", "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country", "time",
    "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level", "seats", "seat_count", "table",
    "players", "finishing_stacks", "winnings", "currency", "currency_symbol", "ante_trimming_status", "time_limit",
    "time_banks", "progressive_bets", "raise_cap", "heads_up_uncapped", "straddle_min_raise",
]  # fmt: skip


def child(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter: a crash or a hang fails the test
    that asked, not the test run."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def refused(text: Any, *words: str) -> hc.HandHistoryError:
    with pytest.raises(hc.HandHistoryError) as info:
        for h in phh.loads(text, source="bad.phh"):
            h.replay()
    msg = str(info.value)
    assert isinstance(info.value, ValueError) and "bad.phh" in msg
    for w in words:
        assert w in msg, (w, msg)
    return info.value


# --------------------------------------------------------------------------
# nesting and sizes


def test_deep_nesting_is_refused_not_a_crash(tmp_path: Path) -> None:
    # 30,000 nested arrays (60 KB) overflowed the stack in loads; 4,000 did
    # on load_many's pool threads.
    (tmp_path / "deep.phh").write_text(HAND + "x = " + "[" * 4000 + "]" * 4000 + "\n")
    r = child(
        f"""
        from holecards import phh, HandHistoryError
        text = {HAND!r} + "x = " + "[" * 30000 + "]" * 30000
        for call in (lambda: phh.loads(text), lambda: phh.load_many({str(tmp_path)!r}, threads=2)):
            try:
                call()
            except HandHistoryError as e:
                print(e)
        """
    )
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(
        "arrays nested more than 32 deep (the reader's limit)" in m for m in lines
    ), r.stdout
    assert "deep.phh: line 7" in lines[1]
    phh.loads(HAND + "x = " + "[" * 32 + "1" + "]" * 32)  # the limit itself is read


@pytest.mark.parametrize(
    "extra, words",
    [
        ("x = [" + "1," * 100_001 + "]", ["an array of more than 100000 items"]),
        ("x = '" + "a" * 65_537 + "'", ["a string of more than 65536 bytes"]),
        ("'" + "a" * 65_537 + "' = 1", ["a key of more than 65536 bytes"]),
        ("x = 1" + "0" * 1000, ["a number or date-time of more than 1000 characters"]),
        ("".join(f"k{i} = {i}\n" for i in range(10_001)), ["a table of more than 10000 keys"]),
    ],
)
def test_every_limit_is_named(extra: str, words: List[str]) -> None:
    refused(HAND + extra, *words, "limit")


def test_a_limit_is_refused_before_the_document_is_held_in_memory() -> None:
    # 13 million one-character items (26 MB, under the size limit), and
    # arrays nested 14 million deep: the whole document was read into
    # tokens (some fifty times its size, about 1.4 GB) before the limit
    # was seen. Now the limit stops the reading; the child's peak memory
    # stays within a few times the text's.
    if not Path("/proc/self/status").exists():
        pytest.skip("the peak memory is read from /proc")
    # (VmHWM, the interpreter's own peak: getrusage's maxrss also holds the
    # peak of the forking parent, pytest, from before the exec)
    r = child(
        """
        from holecards import phh, HandHistoryError
        for text in ("x = [" + "1," * 13_000_000 + "]", "x = " + "[" * 14_000_000):
            try:
                phh.loads(text)
            except HandHistoryError as e:
                print(e)
            del text
        peak = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0]
        print(int(peak.split()[1]) // 1024)
        """
    )
    assert r.returncode == 0, r.stderr[-2000:]
    *errors, peak_mib = r.stdout.split("\n")[:-1]
    assert "an array of more than 100000 items" in errors[0]
    assert "arrays nested more than 32 deep" in errors[1]
    assert int(peak_mib) < 400, peak_mib


@pytest.mark.parametrize(
    "extra, words",
    [
        ("players = [1, 2]", "'players' must be an array of strings"),
        ("players = ['a', 'b', 'c']", "'players' has 3 entries for 2 players"),
        ("seats = [1.5, 2]", "'seats' must be an array of integers"),
        ("seats = [0, 2]", "'seats' must be seat numbers, from 1"),
        ("seat_count = 9.5", "'seat_count' must be an integer"),
        ("seat_count = -1", "'seat_count' must be seat numbers, from 1"),
        ("seats = [3, 3]", "seat 3 is listed twice in 'seats'"),
        (
            "seats = [1, 9]\nseat_count = 6",
            "seat 9 in 'seats' at a table of 6 seats ('seat_count')",
        ),
        ("finishing_stacks = [1]", "'finishing_stacks' has 1 entries for 2 players"),
        ("finishing_stacks = 'x'", "'finishing_stacks' must be an array of numbers"),
        ("time = 12", "'time' must be a local time"),
        ("day = 'x'", "'day' must be an integer"),
        ("hand = [1]", "'hand' must be a string or an integer"),
        ("currency = 5", "'currency' must be a string"),
        ("ante_trimming_status = 1", "'ante_trimming_status' must be true or false"),
    ],
)
def test_optional_fields_of_the_wrong_type_or_length_are_refused(extra: str, words: str) -> None:
    # The spec gives each optional field a type, and the per-player ones a
    # value per player. They loaded and replayed whatever they held, and
    # the columnar export dropped what it could not read (a name, a seat
    # number) with the hand's status still 'ok'.
    refused(HAND + extra + "\n", words)


def test_optional_fields_of_the_spec_types_load() -> None:
    text = HAND + (
        "players = ['a', 'b']\nseats = [1, 0x2]\nseat_count = 6\nhand = 'x1'\n"
        "table = 3\nday = 7\ntime = 12:30:00\nfinishing_stacks = [101, 99.5]\n"
        "ante_trimming_status = true\ntime_banks = [30, 30]\n"
    )
    (h,) = phh.loads(text)
    assert h.players == ["a", "b"]


def test_a_phhs_of_too_many_hands_and_a_text_too_big_are_refused() -> None:
    many = "".join(f"[{i}]\n" + HAND for i in range(100_001))
    assert len(many) < phh.MAX_BYTES
    refused(many, "more than 100000 tables")
    big = HAND + "#" * phh.MAX_BYTES
    refused(big, "more than 33554432 (the reader's limit)")
    refused(big.encode(), "more than 33554432 (the reader's limit)")


def test_load_of_an_endless_file_object_reads_only_past_the_limit() -> None:
    class Endless:
        name = "endless.phh"
        asked: List[int] = []

        def read(self, n: int = -1) -> str:
            assert n > 0, "read() without a size would never return"
            self.asked.append(n)
            return "#" * n

    with pytest.raises(hc.HandHistoryError, match="endless.phh: more than 33554432 bytes"):
        phh.load(Endless())
    assert Endless.asked == [phh.MAX_BYTES + 1]


def test_many_fields_read_in_linear_time_and_too_many_are_refused() -> None:
    # 32,000 fields took 0.59 s (a quadratic duplicate search); 200,000 are
    # over the limit and refused before they are all read.
    r = child(
        f"""
        from holecards import phh, HandHistoryError
        fields = "".join(f"k{{i}} = {{i}}\\n" for i in range(200_000))
        try:
            phh.loads({HAND!r} + fields)
        except HandHistoryError as e:
            print(e)
        (h,) = phh.loads({HAND!r} + "".join(f"k{{i}} = {{i}}\\n" for i in range(9_990)))
        print(len(h.metadata))
        """,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert (
        "a table of more than 10000 keys (the reader's limit)" in r.stdout and "9990" in r.stdout
    ), r.stdout
    with pytest.raises(hc.HandHistoryError, match='the key "k5" twice'):
        phh.loads(HAND + "".join(f"k{i} = {i}\n" for i in range(5000)) + "k5 = 1\n")


# --------------------------------------------------------------------------
# folders and paths


def test_a_link_to_a_parent_is_not_followed(tmp_path: Path) -> None:
    # find_files listed one file 41 times; load_many never finished (13 GB).
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.phh").write_text(HAND)
    os.symlink("..", tmp_path / "sub" / "up")
    os.symlink("..", tmp_path / "sub" / "up2")
    os.symlink(tmp_path / "sub" / "a.phh", tmp_path / "b.phh")
    r = child(
        f"""
        from holecards import phh
        print(len(phh.find_files([{str(tmp_path)!r}])), len(phh.load_many([{str(tmp_path)!r}])))
        """,
        timeout=60,
    )
    assert r.returncode == 0 and r.stdout.split() == ["2", "2"], (r.stdout, r.stderr[-2000:])
    assert phh.find_files([tmp_path]) == sorted(tmp_path.rglob("*.phh"))


def test_one_str_or_path_is_one_path(tmp_path: Path) -> None:
    # load_many("folder") read the letters as paths, "/" among them.
    (tmp_path / "a.phh").write_text(HAND)
    (tmp_path / "b.phh").write_text(HAND)
    for one in (str(tmp_path), tmp_path):
        assert phh.find_files(one) == [tmp_path / "a.phh", tmp_path / "b.phh"]
        assert len(phh.load_many(one)) == 2
    assert len(phh.load_many(str(tmp_path / "a.phh"))) == 1
    (each,) = phh.load_each(str(tmp_path / "a.phh"))
    assert isinstance(each, list) and len(each) == 1
    with pytest.raises(TypeError, match="not bytes"):
        phh.load_many(b"/tmp")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not int"):
        phh.find_files([1])  # type: ignore[list-item]


def test_a_device_and_a_folder_given_as_a_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(hc.HandHistoryError, match="cannot read"):
        phh.load(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(hc.HandHistoryError, match="not a regular file"):
            phh.load("/dev/zero")


# --------------------------------------------------------------------------
# numbers and the TOML grammar


@pytest.mark.parametrize(
    "extra",
    [
        "extra = 10000-1",
        "x = [1, 2, 3-4]",
        "x = 1_000'x'",
        "x = 1979-05-27 07:32",
        'x = "\\x41"',
        'x = "\\e"',
        "x = 9223372036854775808",
        "x = 0x8000000000000000",
    ],
)
def test_what_toml_refuses_is_refused(extra: str) -> None:
    refused(HAND + extra, "line 7", "not valid TOML")
    refused(
        HAND.replace("starting_stacks = [100, 100]", "starting_stacks = [100, 2-4]"),
        "line 5",
        "not valid TOML",
    )


def test_every_valid_number_converts() -> None:
    text = HAND.replace("min_bet = 2", "min_bet = 0x2").replace("[100, 100]", "[0o144, 0b1100100]")
    text += "a = 1e9999999999999999999\nb = -1e-99999\nc = 1_0.5e1_0\nd = nan\ne = -inf\nf = 0xdead_beef\n"
    (h,) = phh.loads(text)
    assert h.min_bet == 2 and type(h.min_bet) is int and h.starting_stacks == [100, 100]
    m = h.to_dict()
    assert (
        m["a"] == Decimal("Infinity")
        and m["b"] == 0
        and m["c"] == Decimal("10.5e10")
        and m["d"].is_nan()
    )
    assert m["e"] == Decimal("-Infinity") and m["f"] == 0xDEADBEEF
    assert h.replay().final_stacks == [101, 99]
    (again,) = phh.loads(phh.dumps(h))
    assert str(again.to_dict()) == str(m)


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("min_bet", "1e9999999999999999999", ["'min_bet' is inf, not a finite amount"]),
        ("min_bet", "inf", ["'min_bet' is inf, not a finite amount"]),
        ("min_bet", "nan", ["'min_bet' is nan, not a finite amount"]),
        ("min_bet", "1e400", ["'min_bet' is 1e400", "at most 36 digits"]),
        ("starting_stacks", "[100, nan]", ["'starting_stacks' holds nan, not a finite amount"]),
        ("starting_stacks", "[100, -inf]", ["'starting_stacks' holds -inf, not a finite amount"]),
        ("starting_stacks", "[100, 1e9999]", ["'starting_stacks' holds 1e9999"]),
        ("antes", "[0, 1e-99999]", []),  # zero: a valid ante
    ],
)
def test_an_amount_that_is_no_amount_is_a_clean_error(
    field: str, value: str, words: List[str]
) -> None:
    old = next(line for line in HAND.splitlines() if line.startswith(field + " ="))
    text = HAND.replace(old, f"{field} = {value}")
    (h,) = phh.loads(text, source="bad.phh")
    h.to_dict(), getattr(h, field)  # converting never fails
    if not words:
        h.replay()
        return
    refused(text, *words)
    (row,) = phh.to_arrow([h])[0].to_pylist()
    assert row["status"] == "failed" and words[0] in row["error"]
    (out,) = phh.replay_all([h])
    assert isinstance(out, hc.HandHistoryError) and words[0] in str(out)


# --------------------------------------------------------------------------
# fuzzing


def _touch_everything(text: Any) -> None:
    """Everything a caller may do with what loads gives; only clean errors."""
    try:
        hs = phh.loads(text, source="fuzz")
        for h in hs:
            for name in FIELDS:
                getattr(h, name)
            h.metadata, h.to_dict(), repr(h), phh.dumps(h)
            try:
                h.unit  # noqa: B018 (read for its side effect)
            except hc.HolecardsError as e:
                assert isinstance(e, ValueError) and str(e)
        phh.replay_all(hs)
        phh.to_arrow(hs)
        for h in hs:
            h.replay()
    except hc.HolecardsError as e:
        assert isinstance(e, ValueError) and str(e), repr(e)


_NUMBERS = [
    "0x10",
    "0o7",
    "0b1",
    "1e9999999999999999999",
    "-1e-400",
    "inf",
    "-inf",
    "nan",
    "1_000",
    "1__0",
    "3-4",
    "1e",
    "07",
    "+0x1",
    "1979-05-27",
    "1979-05-27T07:32:00Z",
    "24:00:00",
]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32),
    st.lists(
        st.sampled_from(["flip", "cut", "dup", "nest", "number", "delete", "table"]),
        min_size=1,
        max_size=6,
    ),
)
def test_mutated_real_files_give_a_read_or_a_clean_error(seed: int, edits: List[str]) -> None:
    rng = random.Random(seed)
    files = sorted(SAMPLE.rglob("*.phh*"))
    text = bytearray(rng.choice(files).read_bytes())
    for op in edits:
        i = rng.randrange(len(text) + 1)
        if op == "flip" and text:
            text[min(i, len(text) - 1)] ^= 1 << rng.randrange(8)
        elif op == "cut":
            del text[i:]
        elif op == "dup" and text:
            j = rng.randrange(len(text))
            a, b = min(i, j), max(i, j)
            text[b:b] = text[a : a + 200]
        elif op == "nest":
            n = rng.choice([1, 31, 33, 5000])
            text[i:i] = b"[" * n + b"1" + b"]" * rng.choice([0, n])
        elif op == "number":
            text[i:i] = rng.choice(_NUMBERS).encode()
        elif op == "delete" and text:
            del text[i : i + rng.randrange(1, 20)]
        elif op == "table":
            text[i:i] = rng.choice([b"\n[1]\n", b"\n[a.b]\n", b"\n[[x]]\n", b"{a=1}", b"x.y = 1\n"])
    _touch_everything(bytes(text))


def test_every_error_of_a_sample_of_bad_inputs_is_a_holecards_value_error() -> None:
    bad = [
        b"\xff",
        "x = ",
        HAND + "x = {a = 1}",
        HAND + "[a.b]",
        HAND + "a.b = 1",
        HAND.replace("'NT'", "'PO'"),
        HAND + "[[x]]",
    ]
    bad += [HAND.replace("min_bet = 2", f"min_bet = {n}") for n in _NUMBERS]
    seen = 0
    for text in bad:
        try:
            for h in phh.loads(text):
                h.replay()
        except Exception as e:
            assert isinstance(e, hc.HolecardsError) and isinstance(e, ValueError), repr(e)
            seen += 1
    assert seen >= len(bad) - 4  # a few numbers are fine amounts (0x10, 1_000, ...)


# --------------------------------------------------------------------------
# the command line


def test_replay_and_convert_report_hostile_files_without_a_traceback(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    d = tmp_path / "corpus"
    (d / "sub").mkdir(parents=True)
    (d / "ok.phh").write_text(HAND)
    (d / "deep.phh").write_text(HAND + "x = " + "[" * 30_000 + "]" * 30_000)
    (d / "grammar.phh").write_text(HAND + "x = 10000-1\n")
    (d / "inf.phh").write_text(HAND.replace("min_bet = 2", "min_bet = 1e9999999999999999999"))
    (d / "hex.phh").write_text(HAND.replace("min_bet = 2", "min_bet = 0x2"))
    (d / "binary.phh").write_bytes(b"\xff\xfe" + bytes(range(256)))
    (d / "many.phh").write_text(HAND + "".join(f"k{i} = 1\n" for i in range(20_000)))
    os.symlink("..", d / "sub" / "up")
    os.symlink("..", d / "sub" / "up2")
    for args in (["replay", str(d)], ["convert", str(d), "--to", str(tmp_path / "out.parquet")]):
        r = subprocess.run(
            [sys.executable, "-m", "holecards", *args], capture_output=True, text=True, timeout=120
        )
        out = r.stdout + r.stderr
        assert r.returncode == 1, out
        assert "Traceback" not in out and "internal error" not in out and "panicked" not in out, out
        for name, why in [
            ("deep.phh", "nested more than 32"),
            ("grammar.phh", "not valid TOML"),
            ("binary.phh", "not UTF-8"),
            ("many.phh", "more than 10000 keys"),
        ]:
            assert name in out and why in out, (name, out)
    r = subprocess.run(
        [sys.executable, "-m", "holecards", "replay", str(d / "hex.phh")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.timeout(120)
@pytest.mark.parametrize("call", ["load_many", "load_each", "replay_all", "to_arrow"])
def test_ctrl_c_stops_a_long_batch_within_a_second(call: str, tmp_path: Path) -> None:
    # A batch of 400,000 hands or 20,000 files takes seconds; SIGINT half a
    # second in must end it with KeyboardInterrupt within a second. The
    # child installs Python's handler itself (a background job ignores SIGINT).
    sample = Path(hc.__file__).parent / "data" / "sample.phhs"
    r = child(
        f"""
        import os, signal, threading, time
        import holecards as hc
        from holecards import phh
        signal.signal(signal.SIGINT, signal.default_int_handler)
        path = {str(sample)!r}
        hands = [h for h in phh.load(path) if h.variant == "NT"]
        call = {call!r}
        if call == "to_arrow":
            import pyarrow
        sent = []
        def interrupt():
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
        threading.Timer(0.5, interrupt).start()
        try:
            if call == "load_many":
                phh.load_many([path] * 20_000, threads=1)
            elif call == "load_each":
                phh.load_each([path] * 20_000, threads=1)
            elif call == "replay_all":
                phh.replay_all(hands * 4_000, threads=1)
            else:
                phh.to_arrow(hands * 4_000, threads=1)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - sent[0])
        """,
        timeout=100,
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout.split()
    assert out[:2] == ["interrupted", "after"], r.stdout + r.stderr
    assert float(out[2]) < 1.0, r.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_given_by_name_is_refused_unopened(tmp_path: Path) -> None:
    # Opening a pipe to read waits for a writer: it must not be opened.
    fifo = tmp_path / "q.phh"
    os.mkfifo(fifo)
    for call in (lambda: phh.load(fifo), lambda: phh.load_many([fifo])):
        with pytest.raises(hc.HandHistoryError, match="not a regular file"):
            call()
    (err,) = phh.load_each([fifo])
    assert isinstance(err, hc.HandHistoryError)


@pytest.mark.parametrize("name", ["Hand 1", "1.2", "", "é", "#", " ", 'a"b', "a\\b", "x]y"])
def test_table_names_that_need_quotes_are_written_quoted(name: str) -> None:
    quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    text = (
        f'[{quoted}]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
        "min_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n\n"
        '[plain]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
        "min_bet = 2\nstarting_stacks = [200, 200]\nactions = []\n"
    )
    hands = phh.loads(text)
    assert [h.section for h in hands] == [name, "plain"]
    again = phh.loads(phh.dumps(hands))
    assert again == hands and [h.section for h in again] == [name, "plain"]


def test_half_chips_are_accepted_only_as_a_split_pots_odd_chip() -> None:
    base = textwrap.dedent(
        """\
        variant = "NT"
        antes = [0, 0, 0]
        blinds_or_straddles = [1, 2, 0]
        min_bet = 2
        starting_stacks = [100, 100, 100]
        actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2c", "p3 f", "p1 cbr 100", "p2 cc", "d db 2d3d4h", "d db 9s", "d db Js", "p1 sm AcAd", "p2 sm KcKd"]
        """
    )
    # p1 wins it all: 200, 0, 100. Half chips here are no split's odd chip.
    for stacks in ("[200.5, 0.5, 100]", "[199.5, 0.5, 100]", "[200.5, -0.5, 100]"):
        (h,) = phh.loads(base + f"finishing_stacks = {stacks}\n")
        assert _phh_check_each([h], 1)[0][0] == "mismatch", stacks
    (h,) = phh.loads(base + "finishing_stacks = [200, 0, 100]\n")
    assert _phh_check_each([h], 1)[0][0] == "matched"


def test_a_hand_waiting_for_its_run_count_replays_waiting() -> None:
    rules = hc.Rules.no_limit(small_blind=1, big_blind=2)
    hand = hc.Hand(rules, [100, 100], button=0, seed=7)
    hand.offer_run_it()
    hand.bet_or_raise_to(100)
    hand.check_or_call()
    assert hand.awaiting_runs
    text = phh.dumps(hand)
    assert "_run_it_offered = true" in text
    again = phh.loads(text)[0].replay()
    assert again.awaiting_runs and not again.is_over and again.board == hand.board
    again.run_it(2, seed=1)
    assert again.is_over and sum(again.stacks) == 200
    # offered, then chosen (once): nothing to write
    hand.run_it(1)
    assert "_run_it_offered" not in phh.dumps(hand)


@pytest.mark.parametrize(
    "value, ok",
    [
        ("12:34:56", True),
        ("12:34:56.250", True),
        ("2023-01-01T12:34:56", False),
        ("2023-01-01T12:34:56Z", False),
        ("2023-01-01", False),
        ("1979-05-27 07:32:00-08:00", False),
        ('"12:00:00"', False),
    ],
)
def test_time_is_a_local_time(value: str, ok: bool) -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        f"starting_stacks = [200, 200]\nactions = []\ntime = {value}\n"
    )
    if ok:
        assert phh.loads(text)[0].to_dict()["time"] == value
    else:
        with pytest.raises(hc.HandHistoryError, match="'time' must be a local time"):
            phh.loads(text)
