"""REINFORCE on a tiny corridor environment with a gymnasium-style API."""
import json

import numpy as np
import torch
import torch.nn as nn


class Corridor:
    """Walk right to reach the goal; small penalty per step."""

    def __init__(self, length=6, seed=0):
        self.length = length
        self.rng = np.random.default_rng(seed)

    def reset(self):
        self.pos = 0
        return self._obs(), {}

    def _obs(self):
        obs = np.zeros(self.length, dtype=np.float32)
        obs[self.pos] = 1.0
        return obs

    def step(self, action):
        self.pos = max(0, min(self.length - 1, self.pos + (1 if action == 1 else -1)))
        terminated = self.pos == self.length - 1
        reward = 1.0 if terminated else -0.05
        return self._obs(), reward, terminated, False, {}


def rollout(env, policy, device, max_steps=30):
    obs, _ = env.reset()
    for _ in range(max_steps):
        logits = policy(torch.as_tensor(obs, device=device))
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        obs, reward, terminated, truncated, _ = env.step(action.item())
        yield dist.log_prob(action), reward
        if terminated or truncated:
            break


def discounted(rewards, gamma):
    out = np.zeros(len(rewards), dtype=np.float32)
    running = 0.0
    for i in reversed(range(len(rewards))):
        running = rewards[i] + gamma * running
        out[i] = running
    return out


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    env = Corridor()
    policy = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 2)).to(device)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-2)
    for episode in range(10):
        log_probs, rewards = zip(*rollout(env, policy, device))
        returns = torch.as_tensor(discounted(rewards, 0.99), device=device)
        returns = (returns - returns.mean()) / (returns.std() + 1e-8) if len(returns) > 1 else returns
        loss = -(torch.stack(log_probs) * returns).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item(), "len": len(rewards)}))


if __name__ == "__main__":
    main()
