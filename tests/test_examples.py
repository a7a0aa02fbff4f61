"""The examples in examples/ run, and do what they say."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.timeout(120)
def test_reinforce_learns_to_win_against_the_bots() -> None:
    curve = load("train_reinforce").train(120, seed=0)
    rates = np.array([rate for _, rate in curve])
    hands = [h for h, _ in curve]
    assert hands == sorted(hands) and hands[-1] > 100_000
    # From about break-even untrained (a uniform policy over the legal
    # actions) to well above zero: the last 30 iterations' mean.
    assert rates[-30:].mean() > 40
    assert rates[-30:].mean() > rates[:5].mean() + 30


@pytest.mark.timeout(120)
def test_reinforce_draws_its_learning_curve(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "curve.png"
    out = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "train_reinforce.py"),
            "--iterations",
            "20",
            "--png",
            str(png),
        ],
        capture_output=True,
        text=True,
        timeout=110,
        check=True,
    ).stdout
    assert "bb/100" in out and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "name, needs, args",
    [
        ("train_cleanrl_ppo", ["torch"], ["--updates", "2", "--envs", "16", "--steps", "8"]),
        (
            "train_sb3_maskable_ppo",
            ["torch", "sb3_contrib"],
            ["--steps", "256", "--envs", "2", "--eval-hands", "20"],
        ),
    ],
)
def test_the_pytorch_examples_compile_and_run_briefly_where_pytorch_is(
    name: str, needs: "list[str]", args: "list[str]"
) -> None:
    """The Stable-Baselines3 and CleanRL examples need PyTorch, which the
    test extra does not install: they are compiled here, and run for a few
    steps where their libraries are installed."""
    path = EXAMPLES / f"{name}.py"
    compile(path.read_text(encoding="utf-8"), str(path), "exec")
    for module in needs:
        pytest.importorskip(module)
    out = subprocess.run(
        [sys.executable, str(path), *args],
        capture_output=True,
        text=True,
        timeout=110,
        check=True,
    ).stdout
    assert "bb/100" in out
