"""PPO-style rollout buffer with GAE on a toy environment."""
import numpy as np
import torch
import torch.nn as nn


class ToyEnv:
    obs_dim = 4

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)

    def reset(self):
        self.state = self.rng.normal(size=self.obs_dim)
        return self.state

    def step(self, action):
        self.state = 0.9 * self.state + 0.1 * self.rng.normal(size=self.obs_dim)
        reward = float(-np.abs(self.state).sum() + (action == 0))
        return self.state, reward, False


class RolloutBuffer:
    def __init__(self, size, obs_dim, device, gamma=0.99, lam=0.95):
        self.obs = np.zeros((size, obs_dim), dtype=np.float32)
        self.actions = np.zeros(size, dtype=np.int64)
        self.rewards = np.zeros(size, dtype=np.float32)
        self.values = np.zeros(size, dtype=np.float32)
        self.logp = np.zeros(size, dtype=np.float32)
        self.ptr, self.size, self.device = 0, size, device
        self.gamma, self.lam = gamma, lam

    def add(self, obs, action, reward, value, logp):
        i = self.ptr
        self.obs[i], self.actions[i], self.rewards[i] = obs, action, reward
        self.values[i], self.logp[i] = value, logp
        self.ptr += 1

    def compute_gae(self, last_value):
        adv = np.zeros_like(self.rewards)
        gae = 0.0
        values = np.append(self.values, last_value)
        for t in reversed(range(self.size)):
            delta = self.rewards[t] + self.gamma * values[t + 1] - values[t]
            gae = delta + self.gamma * self.lam * gae
            adv[t] = gae
        self.returns = adv + self.values
        self.adv = (adv - adv.mean()) / (adv.std() + 1e-8)

    def get(self):
        data = dict(obs=self.obs, act=self.actions, ret=self.returns, adv=self.adv, logp=self.logp)
        return {k: torch.as_tensor(v, device=self.device) for k, v in data.items()}


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = get_device()
    env = ToyEnv()
    actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2)).to(device)
    critic = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.Adam(list(actor.parameters()) + list(critic.parameters()), lr=3e-4)
    buf = RolloutBuffer(16, 4, device)
    obs = env.reset()
    for _ in range(16):
        with torch.no_grad():
            o = torch.as_tensor(obs, dtype=torch.float32, device=device)
            dist = torch.distributions.Categorical(logits=actor(o))
            a = dist.sample()
            v = critic(o).item()
        next_obs, r, _ = env.step(a.item())
        buf.add(obs, a.item(), r, v, dist.log_prob(a).item())
        obs = next_obs
    buf.compute_gae(last_value=0.0)
    batch = buf.get()
    dist = torch.distributions.Categorical(logits=actor(batch["obs"]))
    ratio = torch.exp(dist.log_prob(batch["act"]) - batch["logp"])
    clipped = torch.clamp(ratio, 0.8, 1.2)
    pi_loss = -torch.min(ratio * batch["adv"], clipped * batch["adv"]).mean()
    v_loss = (critic(batch["obs"]).squeeze(-1) - batch["ret"]).pow(2).mean()
    loss = (pi_loss + 0.5 * v_loss).float()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("ppo loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
