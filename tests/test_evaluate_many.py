"""holecards.evaluate_many: the NumPy batch form of evaluate."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import holecards
import reference_eval as ref
import strategies as hs
from holecards import evaluate, evaluate_many

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THREADS = [None, 1, 2]


def random_rows(n: int, width: int, seed: int = 0) -> np.ndarray:
    """``n`` random hands of ``width`` distinct cards, uint8."""
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)[:, :width].copy()


def one_by_one(arr) -> list[int]:
    return [evaluate([int(c) for c in row]).value for row in arr]


@st.composite
def hand_arrays(draw):
    width = draw(st.sampled_from([5, 6, 7]))
    # Hard cases come in 5 to 7 cards: cut or pad them to the width.
    hard = st.tuples(hs.hard_hand(), hs.random_hand(7)).map(
        lambda hp: (hp[0] + [c for c in hp[1] if c not in hp[0]])[:width]
    )
    hand = st.one_of(hs.random_hand(width), hard)
    rows = draw(st.lists(hand, min_size=1, max_size=30))
    return np.array(rows, dtype=np.uint8)


@SETTINGS
@given(hand_arrays())
def test_matches_evaluate_and_reference(arr):
    expected = [ref.value_of_key(ref.evaluate_indices(row)) for row in arr]
    assert one_by_one(arr) == expected
    for threads in THREADS:
        got = evaluate_many(arr, threads=threads)
        assert isinstance(got, np.ndarray)
        assert got.dtype == np.uint16
        assert got.shape == (len(arr),)
        assert got.tolist() == expected


@pytest.mark.parametrize("width", [5, 6, 7])
def test_large_arrays_all_thread_settings_agree(width):
    # More rows than one parallel task takes, so the threaded path runs.
    arr = random_rows(100_000, width, seed=width)
    results = [evaluate_many(arr, threads=t) for t in THREADS]
    for r in results:
        assert r.dtype == np.uint16 and r.shape == (100_000,)
        assert np.array_equal(r, results[0])
    assert results[0].min() >= 1 and results[0].max() <= 7462
    picks = np.random.default_rng(1).choice(100_000, 300, replace=False)
    assert results[0][picks].tolist() == [
        ref.value_of_key(ref.evaluate_indices(arr[i])) for i in picks
    ]
    assert evaluate_many(arr[picks]).tolist() == one_by_one(arr[picks])


def test_default_threads_is_none():
    arr = random_rows(1000, 7, seed=3)
    assert np.array_equal(evaluate_many(arr), evaluate_many(arr, threads=None))
    assert np.array_equal(evaluate_many(arr), evaluate_many(arr, 1))


@pytest.mark.parametrize(
    "dtype", [np.int64, np.int32, np.int16, np.int8, np.uint16, np.uint32, np.uint64, np.intp]
)
def test_other_integer_dtypes(dtype):
    arr = random_rows(200, 7, seed=4)
    want = evaluate_many(arr).tolist()
    assert want == one_by_one(arr)
    assert evaluate_many(arr.astype(dtype)).tolist() == want


def test_nested_lists_are_accepted():
    rows = [[50, 46, 42, 38, 34], [0, 4, 8, 12, 17]]  # royal flush in hearts; 2-6 straight
    assert evaluate_many(rows).tolist() == [7462, evaluate("2c 3c 4c 5c 6d").value]
    assert evaluate_many(rows).tolist()[1] == ref.value_of_key((ref.STRAIGHT, (4,)))


def test_non_contiguous_arrays():
    arr = random_rows(5000, 7, seed=5)
    want = np.array(one_by_one(arr))
    assert np.array_equal(evaluate_many(arr), want)
    # Every other row: a strided view.
    assert np.array_equal(evaluate_many(arr[::2]), want[::2])
    # Columns reversed or reordered: same hands.
    assert np.array_equal(evaluate_many(arr[:, ::-1]), want)
    assert np.array_equal(evaluate_many(arr[:, [3, 1, 6, 0, 2, 5, 4]]), want)
    # A transposed (Fortran-order) array.
    fortran = np.asfortranarray(arr)
    assert not fortran.flags.c_contiguous
    assert np.array_equal(evaluate_many(fortran), want)
    assert np.array_equal(evaluate_many(np.ascontiguousarray(arr.T).T), want)
    # Five or six of the seven columns.
    assert evaluate_many(arr[:50, :5]).tolist() == one_by_one(arr[:50, :5])
    assert evaluate_many(arr[:50, 1:7]).tolist() == one_by_one(arr[:50, 1:7])
    # A read-only array; and the input is never written to.
    ro = arr.copy()
    ro.setflags(write=False)
    assert np.array_equal(evaluate_many(ro), want)
    before = arr.copy()
    evaluate_many(arr)
    assert np.array_equal(arr, before)


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("threads", THREADS)
def test_empty(width, threads):
    out = evaluate_many(np.zeros((0, width), dtype=np.uint8), threads=threads)
    assert out.dtype == np.uint16 and out.shape == (0,)
    out = evaluate_many(np.zeros((0, width), dtype=np.int64), threads=threads)
    assert out.shape == (0,)


@pytest.mark.parametrize(
    "shape",
    [(3, 4), (3, 8), (0, 4), (3, 0), (7,), (5,), (1, 1, 7), (2, 3, 5), ()],
)
def test_bad_shapes(shape):
    arr = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape) % 52
    with pytest.raises(holecards.CardError) as info:
        evaluate_many(arr)
    assert isinstance(info.value, holecards.HolecardsError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool, object, "U2"])
def test_bad_dtypes(dtype):
    arr = random_rows(3, 7).astype(dtype)
    with pytest.raises(holecards.CardError):
        evaluate_many(arr)


def _bad_array(row, col, value, dtype, n=10, width=7):
    arr = random_rows(n, width, seed=6).astype(dtype)
    arr[row, col] = value
    return arr


@pytest.mark.parametrize(
    "value, dtype",
    [
        (52, np.uint8),
        (255, np.uint8),
        (52, np.int64),
        (255, np.int64),
        (256, np.int64),
        (-1, np.int64),
        (-1, np.int8),
        (-128, np.int8),
        (2**40, np.int64),
        (1000, np.uint16),
    ],
)
@pytest.mark.parametrize("threads", THREADS)
def test_out_of_range_cards_name_the_row(value, dtype, threads):
    arr = _bad_array(7, 3, value, dtype)
    with pytest.raises(holecards.CardError) as info:
        evaluate_many(arr, threads=threads)
    msg = str(info.value)
    assert "row 7" in msg, msg
    assert str(value) in msg, msg
    assert not isinstance(info.value, holecards.DuplicateCardError)


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("threads", THREADS)
def test_duplicate_cards_name_the_row(width, threads):
    arr = random_rows(10, width, seed=8)
    arr[4, width - 1] = arr[4, 0]
    with pytest.raises(holecards.DuplicateCardError) as info:
        evaluate_many(arr, threads=threads)
    msg = str(info.value)
    assert isinstance(info.value, holecards.CardError)
    assert "row 4" in msg, msg
    card = "23456789TJQKA"[arr[4, 0] // 4] + "cdhs"[arr[4, 0] % 4]
    assert card in msg, msg


@pytest.mark.parametrize("threads", THREADS)
def test_first_bad_row_is_named_in_big_arrays(threads):
    # Bad rows in different parallel tasks: the first one is reported.
    arr = random_rows(200_000, 7, seed=9)
    arr[150_000, 2] = 52
    arr[70_001, 5] = arr[70_001, 1]
    arr[190_000, 0] = 200
    with pytest.raises(holecards.CardError) as info:
        evaluate_many(arr, threads=threads)
    msg = str(info.value)
    assert "row 70001" in msg, msg
    assert isinstance(info.value, holecards.DuplicateCardError)


@pytest.mark.parametrize("threads", [0, -1, True, False, 1.5, "2"])
def test_bad_threads(threads):
    with pytest.raises(holecards.ConfigError):
        evaluate_many(random_rows(3, 7), threads=threads)


def test_bad_input_objects():
    for value in (None, 5, "AhKdQcJsTh", [[None] * 5], [["Ah"] * 5]):
        with pytest.raises(holecards.HolecardsError):
            evaluate_many(value)


# ---------------------------------------------------------------------------
# The GIL.


def test_releases_the_gil():
    """While evaluate_many runs in a thread, Python code keeps running.

    The worker times its own call; the main thread spins, stamping the time.
    If the GIL were held, no stamp could fall in the middle half of the call.
    A call too short to judge is repeated with more rows; a loaded machine
    gets three tries.
    """
    base = random_rows(1 << 16, 5, seed=10)
    reps = 300  # ~20M rows, 100 MB
    tries = 0
    for _ in range(5):
        arr = np.tile(base, (reps, 1))
        window = {}
        done = threading.Event()

        def work():
            t0 = time.perf_counter()
            evaluate_many(arr, threads=1)  # noqa: B023 (called within the iteration)
            window["t"] = (t0, time.perf_counter())  # noqa: B023 (called within the iteration)
            done.set()  # noqa: B023 (called within the iteration)

        stamps = []
        counter = 0
        worker = threading.Thread(target=work)
        worker.start()
        while not done.is_set():
            counter += 1
            if counter % 16 == 0:
                stamps.append(time.perf_counter())
        worker.join()
        t0, t1 = window["t"]
        duration = t1 - t0
        if duration < 0.05:
            reps *= 2  # too quick to judge: try a bigger array
            continue
        tries += 1
        middle = [s for s in stamps if t0 + 0.25 * duration <= s <= t0 + 0.75 * duration]
        if middle:
            return
        if tries == 3:
            break
    if tries == 0:
        pytest.skip("evaluate_many was too quick to judge")
    pytest.fail(
        f"main thread made no progress during a {duration:.3f}s evaluate_many call (GIL held?)"
    )


# ---------------------------------------------------------------------------
# Ctrl-C.

_SIGINT_CHILD = r"""
import os, signal, sys, threading, time
import numpy as np
signal.signal(signal.SIGINT, signal.default_int_handler)
from holecards import evaluate_many

threads = None if sys.argv[1] == "none" else int(sys.argv[1])
rng = np.random.default_rng(3)
base = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (1 << 16, 1)), axis=1)[:, :5].copy()
# Grow the batch until one uninterrupted call takes 0.6 s (at most 2**28 rows, 1.3 GB).
reps = 1 << 9
while True:
    arr = np.tile(base, (reps, 1))
    t0 = time.perf_counter()
    evaluate_many(arr, threads=threads)
    full = time.perf_counter() - t0
    if full >= 0.6 or reps >= 1 << 12:
        break
    del arr
    reps *= 2
sent = {}
def fire():
    sent["t"] = time.perf_counter()
    os.kill(os.getpid(), signal.SIGINT)
timer = threading.Timer(full * 0.1, fire)
start = time.perf_counter()
timer.start()
try:
    evaluate_many(arr, threads=threads)
    print("finished", full, flush=True)
except KeyboardInterrupt:
    end = time.perf_counter()
    print("interrupted", full, end - sent["t"], end - start, flush=True)
"""


@pytest.mark.parametrize("threads", ["1", "none"])
def test_ctrl_c_stops_a_huge_batch(threads):
    """SIGINT during one long evaluate_many call raises KeyboardInterrupt
    within a second, long before the call would have finished.

    The child first times an uninterrupted call (growing the batch until it
    takes 0.6 s), then sends itself SIGINT a tenth of the way into a second
    call; the scalar kernel is forced so that the batch stays in memory.
    """
    import os
    import subprocess
    import sys

    env = dict(os.environ, HOLECARDS_BATCH_KERNEL="scalar")
    proc = subprocess.run(
        [sys.executable, "-c", _SIGINT_CHILD, threads],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    words = proc.stdout.split()
    assert words and words[0] == "interrupted", proc.stdout + proc.stderr
    full, latency = float(words[1]), float(words[2])
    assert latency < 1.0, f"KeyboardInterrupt {latency:.3f} s after SIGINT"
    # Without the interruption the call would have run for about 0.9 * full
    # after the signal; a call too short to tell the two apart is not judged.
    if full >= 0.3:
        assert latency < 0.5 * full, (
            f"KeyboardInterrupt {latency:.3f} s after SIGINT, a full call takes {full:.3f} s"
        )


def test_the_first_bad_row_is_named_whatever_the_dtype() -> None:
    # an int64 array with a value no uint8 holds (-1) in a later row: the
    # error still names the first bad row, out of range or a card twice
    good = [0, 1, 2, 3, 4]
    for rows, want in [
        ([good, [52, 1, 2, 3, 4], [-1, 1, 2, 3, 4]], (holecards.CardError, "row 1: 52 ")),
        (
            [good, [8, 8, 2, 3, 4], good, [-1, 1, 2, 3, 4]],
            (holecards.DuplicateCardError, "row 1: "),
        ),
        ([good, [999, 1, 2, 3, 4], [-1, 1, 2, 3, 4]], (holecards.CardError, "row 1: 999 ")),
        ([good, good, [-7, 1, 2, 3, 4]], (holecards.CardError, "row 2: -7 ")),
    ]:
        kind, text = want
        with pytest.raises(kind, match=text):
            evaluate_many(np.array(rows, dtype=np.int64))
