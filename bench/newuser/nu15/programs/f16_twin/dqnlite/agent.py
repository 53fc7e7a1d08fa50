"""DQN agent with a target network."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class QNet(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions))

    def forward(self, x):
        return self.net(x.to(torch.float32))


class DQNAgent:
    def __init__(self, obs_dim, n_actions, device, gamma=0.99, lr=1e-3):
        self.device = device
        self.gamma = gamma
        self.n_actions = n_actions
        self.q = QNet(obs_dim, n_actions).to(device)
        self.target = copy.deepcopy(self.q)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=lr)

    def act(self, obs, eps):
        if torch.rand(()) < eps:
            return int(torch.randint(self.n_actions, ()))
        with torch.no_grad():
            x = torch.as_tensor(obs, dtype=torch.float32, device=self.device)
            return int(self.q(x[None]).argmax())

    def update(self, batch):
        obs = torch.as_tensor(batch["obs"], device=self.device)
        actions = torch.as_tensor(batch["actions"], device=self.device)
        rewards = torch.as_tensor(batch["rewards"], device=self.device)
        next_obs = torch.as_tensor(batch["next_obs"], device=self.device)
        dones = torch.as_tensor(batch["dones"], device=self.device)
        q = self.q(obs).gather(1, actions[:, None]).squeeze(1)
        with torch.no_grad():
            target = rewards + self.gamma * (1 - dones) * self.target(next_obs).max(1).values
        loss = F.smooth_l1_loss(q, target.float())
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def sync(self):
        self.target.load_state_dict(self.q.state_dict())
