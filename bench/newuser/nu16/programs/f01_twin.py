"""Policy-gradient (REINFORCE with GAE) on a tiny point-mass environment."""
import numpy as np
import torch
from torch import nn


class PointMassEnv:
    """Move a point towards the origin; observations and rewards are NumPy values."""

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)
        self.pos = None
        self.t = 0

    def reset(self):
        self.pos = self.rng.uniform(-1.0, 1.0, size=2)
        self.t = 0
        return np.concatenate([self.pos, [0.0]])

    def step(self, action):
        delta = np.array([[0.1, 0.0], [-0.1, 0.0], [0.0, 0.1], [0.0, -0.1]])[action]
        self.pos = self.pos + delta
        self.t += 1
        reward = -np.linalg.norm(self.pos)
        done = self.t >= 20
        return np.concatenate([self.pos, [self.t / 20]]), reward, done, {}


def compute_gae(rewards, values, gamma=0.99, lam=0.95):
    advantages = np.zeros_like(rewards)
    last = 0.0
    for t in reversed(range(len(rewards))):
        next_value = values[t + 1] if t + 1 < len(values) else 0.0
        delta = rewards[t] + gamma * next_value - values[t]
        last = delta + gamma * lam * last
        advantages[t] = last
    return advantages


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    torch.manual_seed(0)
    policy = nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 4)).to(device)
    critic = nn.Sequential(nn.Linear(3, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam(list(policy.parameters()) + list(critic.parameters()), lr=1e-2)
    env = PointMassEnv()
    for episode in range(3):
        obs = env.reset()
        observations, actions, rewards = [], [], []
        done = False
        while not done:
            obs_t = torch.tensor(obs, dtype=torch.float32, device=device)
            with torch.no_grad():
                action = torch.distributions.Categorical(logits=policy(obs_t)).sample().item()
            next_obs, reward, done, _ = env.step(action)
            observations.append(obs)
            actions.append(action)
            rewards.append(reward)
            obs = next_obs
        obs_batch = torch.tensor(np.stack(observations), dtype=torch.float32, device=device)
        values = critic(obs_batch).squeeze(-1)
        adv = compute_gae(np.array(rewards), values.detach().cpu().numpy())
        adv_t = torch.as_tensor(adv, dtype=torch.float32, device=device)
        returns_t = adv_t + values.detach()
        logp = torch.distributions.Categorical(logits=policy(obs_batch)).log_prob(
            torch.tensor(actions, device=device))
        loss = -(logp * adv_t).mean() + ((values - returns_t) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: return {sum(rewards):.3f}")


if __name__ == "__main__":
    main()
