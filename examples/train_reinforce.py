"""Trains a masked linear softmax policy with REINFORCE, in plain NumPy,
against the built-in random and calling-station bots, and prints its win
rate in big blinds per 100 hands as it learns.

    python examples/train_reinforce.py [--iterations 60] [--png curve.png]

The environment is ``gymnasium.make_vec("holecards/Holdem-v0", ...)``:
``num_envs`` three-handed tables, blinds 1/2 and 20 big blinds a stack
(short stacks keep the variance of a hand low), the learner's seat drawn
each hand, one
hand an episode, Gymnasium's default autoreset (the step after an episode
ends starts the next and ignores its action). With ``--png`` it draws the
learning curve (needs the ``plot`` extra: matplotlib).
"""

from __future__ import annotations

import argparse
from typing import List, Tuple

import gymnasium
import numpy as np

import holecards.env  # noqa: F401  (registers holecards/Holdem-v0)


def features(obs: np.ndarray) -> np.ndarray:
    """The observation compressed (chips in big blinds grow large), plus a bias."""
    return np.concatenate([np.log1p(obs), np.ones((len(obs), 1), np.float32)], axis=1)


def policy(w: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Action probabilities: a softmax over the legal actions' logits."""
    logits = np.where(mask, x @ w, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = rng.random((len(p), 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


def train(
    iterations: int = 60, num_envs: int = 256, horizon: int = 24, seed: int = 0
) -> List[Tuple[int, float]]:
    """Trains and returns the curve: (hands played, big blinds won per 100
    hands in that iteration's finished hands)."""
    env = gymnasium.make_vec(
        "holecards/Holdem-v0",
        num_envs=num_envs,
        vectorization_mode="vector_entry_point",
        players=3,
        stacks=40,
        seat="random",
        opponents=["random", "calling_station"],
    )
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    x = features(obs)
    w = np.zeros((x.shape[1], env.single_action_space.n), np.float32)
    # Adam's moments.
    m, v, lr = np.zeros_like(w), np.zeros_like(w), 0.01
    fresh = np.zeros(num_envs, bool)  # this step resets the table (its action is ignored)
    hands, curve = 0, []
    for it in range(1, iterations + 1):
        xs, masks, acts, rewards, dones, valid = [], [], [], [], [], []
        for _ in range(horizon):
            mask = info["action_mask"]
            a = sample(policy(w, x, mask), rng)
            xs.append(x)
            masks.append(mask)
            acts.append(a)
            valid.append(~fresh)
            obs, r, term, trunc, info = env.step(a)
            rewards.append(r)
            dones.append(term | trunc)
            fresh = term | trunc
            x = features(obs)
        # Each decision's return: the reward at the end of its episode
        # (no discount); decisions of episodes still running are left out.
        ret = np.zeros(num_envs, np.float32)
        known = np.zeros(num_envs, bool)
        returns, counted = [], []
        for t in reversed(range(horizon)):
            ret = np.where(dones[t], rewards[t], ret)
            known = known | dones[t]
            returns.append(ret.copy())
            counted.append(known & valid[t])
        returns.reverse()
        counted.reverse()
        g = np.concatenate(returns)
        keep = np.concatenate(counted)
        X = np.concatenate(xs)[keep]
        M = np.concatenate(masks)[keep]
        A = np.concatenate(acts)[keep]
        adv = g[keep] - g[keep].mean()
        p = policy(w, X, M)
        p[np.arange(len(A)), A] -= 1.0  # minus the gradient of log p(a) over the logits
        grad = -(X.T @ (p * adv[:, None])) / max(len(A), 1)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w += lr * (m / (1 - 0.9**it)) / (np.sqrt(v / (1 - 0.999**it)) + 1e-8)
        ended = np.concatenate(dones)
        won = np.concatenate(rewards)[ended]
        hands += int(ended.sum())
        curve.append((hands, 100.0 * float(won.mean()) if len(won) else 0.0))
    env.close()
    return curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--png", help="draw the learning curve into this PNG file")
    args = parser.parse_args()
    curve = train(args.iterations)
    for hands, rate in curve[:: max(1, len(curve) // 12)]:
        print(f"{hands:>9,} hands  {rate:+8.1f} bb/100")
    if args.png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        hands_axis, rates = zip(*curve)
        ax.plot(hands_axis, rates)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("hands played")
        ax.set_ylabel("big blinds won per 100 hands")
        ax.set_title("REINFORCE, linear policy, against random and calling-station bots")
        fig.tight_layout()
        fig.savefig(args.png, dpi=100)
        print(f"learning curve: {args.png}")


if __name__ == "__main__":
    main()
