import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class DQNAgent:
    def __init__(self, obs_dim, n_actions, device, gamma=0.95, lr=1e-3):
        self.device = device
        self.q = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions)).to(device)
        self.target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=lr)
        self.gamma, self.n_actions = gamma, n_actions

    def act(self, obs, epsilon):
        if torch.rand(()) < epsilon:
            return int(torch.randint(self.n_actions, ()))
        with torch.no_grad():
            obs_t = torch.as_tensor(obs, dtype=torch.float32, device=self.device)
            return int(self.q(obs_t).argmax())

    def update(self, batch):
        batch = {k: torch.as_tensor(v, device=self.device) for k, v in batch.items()}
        q = self.q(batch["obs"]).gather(1, batch["actions"][:, None]).squeeze(1)
        with torch.no_grad():
            next_q = self.target(batch["next_obs"]).max(1).values
            target = batch["rewards"] + self.gamma * (1 - batch["dones"]) * next_q
        loss = F.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def sync(self):
        self.target.load_state_dict(self.q.state_dict())
