import copy

import torch
from torch import nn


class DQNAgent:
    def __init__(self, obs_dim, n_actions, device, gamma=0.95):
        self.device = device
        self.gamma = gamma
        self.q = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions)).to(device)
        self.target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=1e-3)
        self.n_actions = n_actions

    def act(self, obs, eps):
        if torch.rand(()) < eps:
            return int(torch.randint(self.n_actions, ()))
        with torch.no_grad():
            return int(self.q(torch.as_tensor(obs, device=self.device)).argmax())

    def update(self, batch):
        obs = torch.as_tensor(batch.obs, device=self.device)
        actions = torch.as_tensor(batch.action, device=self.device)
        rewards = torch.as_tensor(batch.reward, device=self.device)
        next_obs = torch.as_tensor(batch.next_obs, device=self.device)
        dones = torch.as_tensor(batch.done, device=self.device)
        q = self.q(obs).gather(1, actions[:, None]).squeeze(1)
        with torch.no_grad():
            target = rewards + self.gamma * (1 - dones) * self.target(next_obs).max(1).values
        loss = (q - target).pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
