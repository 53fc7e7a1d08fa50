import copy

import torch
from torch import nn


class DQNAgent:
    def __init__(self, obs_dim, n_actions, device, gamma=0.99, lr=1e-3):
        self.device = device
        self.q = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions)).to(device)
        self.target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=lr)
        self.gamma = gamma
        self.n_actions = n_actions

    def act(self, obs, epsilon):
        if torch.rand(()) < epsilon:
            return int(torch.randint(self.n_actions, ()))
        with torch.no_grad():
            x = torch.as_tensor(obs, device=self.device).unsqueeze(0)
            return int(self.q(x).argmax())

    def update(self, batch):
        t = {k: torch.as_tensor(v, device=self.device) for k, v in batch.items()}
        q = self.q(t["obs"]).gather(1, t["actions"].unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            q_next = self.target(t["next_obs"]).max(1).values
            target = t["rewards"] + self.gamma * (1 - t["dones"]) * q_next
        loss = nn.functional.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def sync(self):
        self.target.load_state_dict(self.q.state_dict())
