"""DQN on a toy cart environment with a NumPy replay buffer."""
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


class ToyCart:
    def reset(self):
        self.x = np.random.uniform(-0.05, 0.05, size=4)
        return self.x

    def step(self, action):
        self.x = self.x + 0.02 * (action - 0.5) + np.random.normal(0, 0.01, size=4)
        reward = 1.0 - abs(self.x[0])
        done = abs(self.x[0]) > 0.5
        return self.x, reward, done


class ReplayBuffer:
    def __init__(self, capacity, obs_dim):
        self.obs = np.zeros((capacity, obs_dim), dtype=np.float32)
        self.next_obs = np.zeros((capacity, obs_dim), dtype=np.float32)
        self.actions = np.zeros(capacity, dtype=np.int64)
        self.rewards = np.zeros(capacity, dtype=np.float32)
        self.dones = np.zeros(capacity, dtype=np.float32)
        self.capacity, self.size, self.ptr = capacity, 0, 0

    def add(self, o, a, r, o2, d):
        self.obs[self.ptr], self.actions[self.ptr], self.rewards[self.ptr] = o, a, r
        self.next_obs[self.ptr], self.dones[self.ptr] = o2, d
        self.ptr = (self.ptr + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, batch_size):
        idx = np.random.randint(0, self.size, batch_size)
        return (self.obs[idx], self.actions[idx], self.rewards[idx], self.next_obs[idx], self.dones[idx])


q_net = nn.Sequential(nn.Linear(4, 64), nn.ReLU(), nn.Linear(64, 2)).to(device)
optim = torch.optim.Adam(q_net.parameters(), lr=1e-3)
buf, env = ReplayBuffer(1000, 4), ToyCart()
obs = env.reset()
for step in range(300):
    action = random.randrange(2)
    next_obs, reward, done = env.step(action)
    buf.add(obs, action, reward, next_obs, float(done))
    obs = env.reset() if done else next_obs
    if buf.size >= 64:
        o, a, r, o2, d = buf.sample(32)
        o = torch.as_tensor(o, device=device)
        o2 = torch.as_tensor(o2, device=device)
        a = torch.as_tensor(a, device=device)
        r = torch.as_tensor(r, device=device)
        d = torch.as_tensor(d, device=device)
        with torch.no_grad():
            target = r + 0.99 * (1 - d) * q_net(o2).max(1).values
        q = q_net(o).gather(1, a.unsqueeze(1)).squeeze(1)
        loss = F.smooth_l1_loss(q, target)
        optim.zero_grad()
        loss.backward()
        optim.step()
print("final loss", loss.item())
