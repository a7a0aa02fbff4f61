"""A CleanRL-style PPO loop (one file, PyTorch, a masked categorical policy)
on holecards' single-agent vector environment, against the built-in random
and calling-station bots; prints the win rate in big blinds per 100 hands
of the last ten updates' finished hands, read from Gymnasium's
RecordEpisodeStatistics wrapper.

    pip install holecards[rl] torch
    python examples/train_cleanrl_ppo.py [--updates 150] [--envs 256]

Not run by the test suite (it needs PyTorch). The environment is
``gymnasium.make_vec("holecards/Holdem-v0", vectorization_mode=
"vector_entry_point")``: three-handed tables, blinds 1/2, 20 big blinds a
stack, the learner's seat drawn each hand, one hand an episode, and
Gymnasium's SAME_STEP autoreset (the observation after an episode ends is
the next episode's first, as CleanRL's loop expects; a hand always
terminates, so no final observation is needed for bootstrapping).
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
import torch
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from torch import nn
from torch.distributions import Categorical

import holecards.env  # noqa: F401  (registers holecards/Holdem-v0)


class Agent(nn.Module):
    def __init__(self, obs_len: int, actions: int) -> None:
        super().__init__()

        def mlp(out: int, gain: float) -> nn.Sequential:
            last = nn.Linear(128, out)
            nn.init.orthogonal_(last.weight, gain)
            nn.init.zeros_(last.bias)
            return nn.Sequential(
                nn.Linear(obs_len, 128), nn.Tanh(), nn.Linear(128, 128), nn.Tanh(), last
            )

        self.actor = mlp(actions, 0.01)
        self.critic = mlp(1, 1.0)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(torch.log1p(x)).squeeze(-1)

    def act(
        self, x: torch.Tensor, mask: torch.Tensor, action: "torch.Tensor | None" = None
    ) -> "tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]":
        x = torch.log1p(x)  # chips in big blinds, compressed
        logits = self.actor(x).masked_fill(~mask, -1e9)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(x).squeeze(-1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--updates", type=int, default=150)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=32, help="steps per table per update")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    envs = RecordEpisodeStatistics(
        gymnasium.make_vec(
            "holecards/Holdem-v0",
            num_envs=a.envs,
            vectorization_mode="vector_entry_point",
            players=3,
            stacks=40,
            seat="random",
            opponents=["random", "calling_station"],
            autoreset_mode="same_step",
        )
    )
    obs_len = envs.single_observation_space.shape[0]
    n_actions = int(envs.single_action_space.n)
    agent = Agent(obs_len, n_actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)
    gamma, lam, clip, ent_coef, vf_coef, epochs, minibatches = 1.0, 0.95, 0.2, 0.01, 0.5, 4, 4
    T, N = a.steps, a.envs
    obs_buf = torch.zeros((T, N, obs_len))
    mask_buf = torch.zeros((T, N, n_actions), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf, rew_buf, done_buf, val_buf = (torch.zeros((T, N)) for _ in range(4))

    obs_np, info = envs.reset(seed=a.seed)
    next_obs = torch.as_tensor(obs_np)
    next_mask = torch.as_tensor(info["action_mask"])
    next_done = torch.zeros(N)
    t0 = time.perf_counter()
    steps = 0
    recent: "list[list[float]]" = []
    for update in range(1, a.updates + 1):
        optimizer.param_groups[0]["lr"] = 2.5e-4 * (1 - (update - 1) / a.updates)
        returns_seen: "list[float]" = []
        recent = [*recent[-9:], returns_seen]
        for t in range(T):
            obs_buf[t], mask_buf[t], done_buf[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, next_mask)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs_np, reward, term, trunc, info = envs.step(action.numpy())
            rew_buf[t] = torch.as_tensor(reward)
            next_obs = torch.as_tensor(obs_np)
            next_mask = torch.as_tensor(info["action_mask"])
            next_done = torch.as_tensor(term | trunc, dtype=torch.float32)
            if "episode" in info:
                ended = info["_episode"]
                returns_seen.extend(info["episode"]["r"][ended].tolist())
        steps += T * N
        # Generalised advantage estimation, then PPO's clipped objective.
        with torch.no_grad():
            next_value = agent.value(next_obs)
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                following = next_value if t == T - 1 else val_buf[t + 1]
                delta = rew_buf[t] + gamma * following * nonterminal - val_buf[t]
                last = delta + gamma * lam * nonterminal * last
                adv[t] = last
            ret = adv + val_buf
        b_obs, b_mask = obs_buf.reshape(T * N, -1), mask_buf.reshape(T * N, -1)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), ret.reshape(-1)
        size = T * N // minibatches
        for _ in range(epochs):
            for idx in torch.randperm(T * N).split(size):
                _, logp, entropy, value = agent.act(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                mb_adv = b_adv[idx]
                mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                pg = torch.max(-mb_adv * ratio, -mb_adv * ratio.clamp(1 - clip, 1 + clip)).mean()
                v_loss = 0.5 * ((value - b_ret[idx]) ** 2).mean()
                loss = pg - ent_coef * entropy.mean() + vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
        if update % 10 == 0 or update == 1:
            hands = [r for seen in recent for r in seen]
            rate = 100 * float(np.mean(hands)) if hands else float("nan")
            print(
                f"update {update:4d}  {steps:>9,} steps  {steps / (time.perf_counter() - t0):>7,.0f} steps/s"
                f"  {rate:+7.1f} bb/100 over the last {len(hands):,} hands"
            )


if __name__ == "__main__":
    main()
