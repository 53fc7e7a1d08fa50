"""REINFORCE on a hand-written cart-pole, one episode batch per update."""
import math

import numpy as np
import torch
import torch.nn as nn


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class CartPole:
    gravity, masscart, masspole, length, tau = 9.8, 1.0, 0.1, 0.5, 0.02

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4)
        return self.state.copy()

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        total = self.masscart + self.masspole
        temp = (force + self.masspole * self.length * theta_dot ** 2 * math.sin(theta)) / total
        theta_acc = (self.gravity * math.sin(theta) - math.cos(theta) * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * math.cos(theta) ** 2 / total))
        x_acc = temp - self.masspole * self.length * theta_acc * math.cos(theta) / total
        x += self.tau * x_dot
        x_dot += self.tau * x_acc
        theta += self.tau * theta_dot
        theta_dot += self.tau * theta_acc
        self.state = np.array([x, x_dot, theta, theta_dot])
        done = abs(x) > 2.4 or abs(theta) > 0.21
        return self.state.copy(), 1.0, done


class Policy(nn.Module):
    def __init__(self, obs_dim=4, n_actions=2, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, n_actions))

    def forward(self, obs):
        return self.body(obs.float())


def run_episode(env, policy, device, max_steps=200):
    obs = env.reset()
    log_probs, rewards = [], []
    for _ in range(max_steps):
        obs_t = torch.from_numpy(obs).unsqueeze(0).to(device)
        logits = policy(obs_t)
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        log_probs.append(dist.log_prob(action))
        obs, reward, done = env.step(int(action.item()))
        rewards.append(reward)
        if done:
            break
    return log_probs, rewards


def main():
    device = get_device()
    policy = Policy().to(device)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-2)
    env = CartPole()
    for episode in range(5):
        log_probs, rewards = run_episode(env, policy, device)
        g, returns = 0.0, []
        for r in reversed(rewards):
            g = r + 0.99 * g
            returns.insert(0, g)
        returns = torch.tensor(returns, device=device)
        returns = (returns - returns.mean()) / (returns.std() + 1e-8)
        loss = -(torch.cat(log_probs) * returns).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: length {len(rewards)}")


if __name__ == "__main__":
    main()
