"""REINFORCE on a tiny corridor environment (gym-style API, NumPy rewards)."""
import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class Corridor:
    """Agent walks left/right on a line; reward is -distance to the goal."""

    def __init__(self, length=6, seed=0):
        self.length = length
        self.rng = np.random.default_rng(seed)

    def reset(self):
        self.pos = int(self.rng.integers(0, self.length))
        return self._obs()

    def _obs(self):
        obs = np.zeros(self.length, dtype=np.float32)
        obs[self.pos] = 1.0
        return obs

    def step(self, action):
        self.pos = min(max(self.pos + (1 if action == 1 else -1), 0), self.length - 1)
        reward = -abs(self.length - 1 - self.pos) / self.length
        done = self.pos == self.length - 1
        return self._obs(), reward, done, {}


def discount(rewards, gamma=0.99):
    out = np.zeros(len(rewards))
    running = 0.0
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * running
        out[t] = running
    return (out - out.mean()) / (out.std() + 1e-8)


def main():
    device = get_device()
    env = Corridor()
    policy = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 2)).to(device)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-2)
    for episode in range(2):
        obs = env.reset()
        log_probs, rewards = [], []
        for _ in range(10):
            logits = policy(torch.as_tensor(obs, device=device))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            log_probs.append(dist.log_prob(action))
            obs, reward, done, _ = env.step(action.item())
            rewards.append(reward)
            if done:
                break
        returns = torch.as_tensor(discount(rewards), dtype=torch.float32, device=device)
        loss = -(torch.stack(log_probs) * returns).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode} return {sum(rewards):.3f}")


if __name__ == "__main__":
    main()
