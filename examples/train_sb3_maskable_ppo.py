"""Trains sb3-contrib's MaskablePPO on holecards' Gymnasium environment
against the built-in random and calling-station bots, then compares its
win rate in big blinds per 100 hands with an untrained (uniform legal)
policy's on the same seeded hands.

    pip install holecards[rl] stable-baselines3 sb3-contrib   # (PyTorch)
    python examples/train_sb3_maskable_ppo.py [--steps 200000] [--envs 8]

Not run by the test suite (it needs PyTorch). The environment is
``holecards.env.gym_env``: three-handed, blinds 1/2, 20 big blinds a stack,
one hand an episode, the agent at seat 0 with the button moving. Stable-
Baselines3 keeps its own vector API, so the tables are its ``DummyVecEnv``
of ``gym_env``s; MaskablePPO reads the legal actions from each
environment's ``action_masks()``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import holecards.env as hce


def make_env(seed: int) -> hce.HoldemEnv:
    env = hce.gym_env(players=3, stacks=40, opponents=["random", "calling_station"])
    env.reset(seed=seed)
    return env


def win_rate(model: object, hands: int, seed: int) -> float:
    """Big blinds won per 100 hands over ``hands`` seeded hands; ``model``
    None plays uniformly among the legal actions."""
    from sb3_contrib.common.maskable.utils import get_action_masks

    env = make_env(seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    for hand in range(hands):
        obs, info = env.reset(seed=seed + hand)
        done = False
        while not done:
            if model is None:
                action = int(rng.choice(info["legal_actions"]))
            else:
                action, _ = model.predict(  # type: ignore[attr-defined]
                    obs, action_masks=get_action_masks(env), deterministic=True
                )
                action = int(action)
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
    return 100.0 * total / hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=200_000, help="agent decisions to train on")
    ap.add_argument("--envs", type=int, default=8, help="tables stepped together")
    ap.add_argument("--eval-hands", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    venv = DummyVecEnv([lambda i=i: make_env(a.seed + 1000 * i) for i in range(a.envs)])
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=512, batch_size=1024, learning_rate=3e-4, seed=a.seed, verbose=0
    )
    before = win_rate(None, a.eval_hands, seed=10_000_000)
    t0 = time.perf_counter()
    model.learn(total_timesteps=a.steps)
    took = time.perf_counter() - t0
    after = win_rate(model, a.eval_hands, seed=10_000_000)
    print(f"trained on {a.steps:,} decisions in {took:.0f} s ({a.steps / took:,.0f} a second)")
    print(f"uniform legal policy: {before:+.1f} bb/100 over {a.eval_hands:,} hands")
    print(f"MaskablePPO:          {after:+.1f} bb/100 over the same hands")


if __name__ == "__main__":
    main()
