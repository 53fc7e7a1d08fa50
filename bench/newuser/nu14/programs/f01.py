"""REINFORCE on a tiny NumPy cart-pole, the way a course notebook writes it."""
import math

import numpy as np
import torch
import torch.nn as nn


class CartPole:
    gravity, masscart, masspole, length, tau = 9.8, 1.0, 0.1, 0.5, 0.02

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4).astype(np.float32)
        return self.state

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        total = self.masspole + self.masscart
        temp = (force + self.masspole * self.length * theta_dot ** 2 * math.sin(theta)) / total
        thetaacc = (self.gravity * math.sin(theta) - math.cos(theta) * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * math.cos(theta) ** 2 / total))
        xacc = temp - self.masspole * self.length * thetaacc * math.cos(theta) / total
        x, x_dot = x + self.tau * x_dot, x_dot + self.tau * xacc
        theta, theta_dot = theta + self.tau * theta_dot, theta_dot + self.tau * thetaacc
        self.state = np.array([x, x_dot, theta, theta_dot], dtype=np.float32)
        done = abs(x) > 2.4 or abs(theta) > 0.21
        return self.state, 1.0, done


def gae(rewards, values, gamma=0.99, lam=0.95):
    rewards = np.asarray(rewards)
    values = np.append(values, 0.0)
    adv = np.zeros_like(rewards)
    last = 0.0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        last = delta + gamma * lam * last
        adv[t] = last
    return adv, adv + values[:-1]


def main():
    device = torch.device("cuda" if torch.cuda.is_available() else
                          "mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    policy = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2)).to(device)
    critic = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam([*policy.parameters(), *critic.parameters()], lr=1e-2)
    env = CartPole()
    for episode in range(5):
        obs, done, log_probs, rewards, values = env.reset(), False, [], [], []
        while not done and len(rewards) < 200:
            obs_t = torch.as_tensor(obs, device=device)
            logits = policy(obs_t)
            values.append(critic(obs_t).squeeze(-1))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
            log_probs.append(dist.log_prob(action))
            obs, reward, done = env.step(action.item())
            rewards.append(reward)
        value_t = torch.stack(values)
        adv, ret = gae(rewards, value_t.detach().cpu().numpy())
        adv_t, ret_t = torch.from_numpy(adv).to(device), torch.from_numpy(ret).to(device)
        policy_loss = -(torch.stack(log_probs) * adv_t).mean()
        loss = policy_loss + 0.5 * ((value_t - ret_t) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: length {len(rewards)}")


if __name__ == "__main__":
    main()
