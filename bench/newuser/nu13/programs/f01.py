"""REINFORCE on a tiny pendulum-like environment written in NumPy."""
import math

import numpy as np
import torch
from torch import nn


class SwingEnv:
    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.1, 0.1, size=3)
        return self.state.copy()

    def step(self, action):
        theta, omega, t = self.state
        torque = (action - 1) * 0.5
        omega = omega + 0.05 * (-9.81 * math.sin(theta) + torque)
        theta = theta + 0.05 * omega
        self.state = np.array([theta, omega, t + 1])
        reward = -(theta ** 2 + 0.1 * omega ** 2)
        done = t + 1 >= 40
        return self.state.copy(), reward, done


def discount(rewards, gamma=0.98):
    out = np.zeros(len(rewards))
    running = 0.0
    for i in reversed(range(len(rewards))):
        running = rewards[i] + gamma * running
        out[i] = running
    return (out - out.mean()) / (out.std() + 1e-8)


def main():
    torch.manual_seed(0)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    policy = nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 3)).to(device)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-2)
    env = SwingEnv()
    for episode in range(5):
        obs = env.reset()
        log_probs, rewards = [], []
        done = False
        while not done:
            x = torch.as_tensor(obs, dtype=torch.float32, device=device)
            dist = torch.distributions.Categorical(logits=policy(x))
            action = dist.sample()
            log_probs.append(dist.log_prob(action))
            obs, reward, done = env.step(action.item())
            rewards.append(reward)
        returns = torch.as_tensor(discount(rewards), device=device)
        loss = -(torch.stack(log_probs) * returns).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode} return {sum(rewards):.3f}")


if __name__ == "__main__":
    main()
