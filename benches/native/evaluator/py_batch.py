"""Times holecards.evaluate_many on nbench's hands file; prints RESULT lines
for nbench's table (run.sh runs it when PYTHON is set to an interpreter with
holecards installed).

    python py_batch.py HANDS_FILE COLUMN REPS VALUES_DIR

Each pass is one call on all the hands (a NumPy uint8 array of shape (n, 7),
read once before timing), the output array included; one untimed warm-up
call first. The first 100,000 values go to VALUES_DIR for the ordering check.
"""

import sys
import time

import numpy as np

import holecards

CHECK_HANDS = 100_000


def main() -> None:
    hands_file, column, reps, values_dir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    arr = np.fromfile(hands_file, dtype=np.uint8).reshape(-1, 7)
    n = len(arr)
    modes = [
        ("py-many", "holecards (Python)", "evaluate_many(uint8 (n, 7), threads=1)", 1),
        ("py-many-all", "holecards (Python)", "evaluate_many(uint8 (n, 7), threads=None)", None),
    ]
    rates = {m[0]: [] for m in modes}
    for mid, _, _, threads in modes:
        vals = holecards.evaluate_many(arr[:CHECK_HANDS], threads=threads)
        vals.astype("<u2").tofile(f"{values_dir}/{column}__{mid}.u16")
        holecards.evaluate_many(arr, threads=threads)  # warm-up
    for _ in range(reps):
        for mid, _, _, threads in modes:
            t0 = time.perf_counter()
            holecards.evaluate_many(arr, threads=threads)
            rates[mid].append(n / (time.perf_counter() - t0))
    for mid, ev, api, _ in modes:
        print(
            "RESULT\t%s\t%s\t%s\t%s\t%s"
            % (column, mid, ev, api, "\t".join("%.0f" % r for r in rates[mid]))
        )


if __name__ == "__main__":
    main()
