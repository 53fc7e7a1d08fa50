import copy

import numpy as np
import torch
from torch import nn

from .utils import BaseAgent


class DQNAgent(BaseAgent):
    def __init__(self, obs_dim, n_actions, gamma=0.99, device=None):
        super().__init__(device)
        self.q = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions)).to(self.device)
        self.target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=1e-3)
        self.gamma, self.n_actions = gamma, n_actions

    def act(self, obs, epsilon):
        if np.random.rand() < epsilon:
            return np.random.randint(self.n_actions)
        with torch.no_grad():
            obs_t = torch.tensor(obs, dtype=torch.float32, device=self.device)
            return int(self.q(obs_t).argmax())

    def update(self, batch):
        batch = {k: torch.as_tensor(v, device=self.device) for k, v in batch.items()}
        q = self.q(batch["obs"].float()).gather(1, batch["actions"][:, None]).squeeze(1)
        with torch.no_grad():
            next_q = self.target(batch["next_obs"].float()).max(1).values
            target = batch["rewards"] + self.gamma * (1 - batch["dones"]) * next_q
        loss = nn.functional.smooth_l1_loss(q, target.float())
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
