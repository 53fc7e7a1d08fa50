import json
import math
import random

import torch
import torch.nn as nn

from .device import resolve_device
from .memory import ReplayMemory


class Pendulum1D:
    def reset(self):
        self.theta, self.omega = 0.5, 0.0
        return [math.cos(self.theta), math.sin(self.theta), self.omega]

    def step(self, action):
        torque = (action - 1) * 1.0
        self.omega += 0.05 * (torque - 9.8 * math.sin(self.theta))
        self.theta += 0.05 * self.omega
        reward = -(self.theta ** 2 + 0.1 * self.omega ** 2)
        return [math.cos(self.theta), math.sin(self.theta), self.omega], reward, False


class DQNAgent:
    def __init__(self, n_actions=3, gamma=0.95):
        self.device = resolve_device()
        self.q = nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, n_actions)).to(self.device)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=1e-3)
        self.memory = ReplayMemory(500)
        self.gamma, self.n_actions = gamma, n_actions
        self.rng = random.Random(0)

    def act(self, state):
        if self.rng.random() < 0.2:
            return self.rng.randrange(self.n_actions)
        with torch.no_grad():
            return int(self.q(torch.tensor(state, device=self.device)).argmax())

    def learn(self, batch_size=32):
        batch = self.memory.sample(batch_size)
        states = torch.tensor(batch.state, dtype=torch.float32, device=self.device)
        next_states = torch.tensor(batch.next_state, dtype=torch.float32, device=self.device)
        actions = torch.tensor(batch.action, device=self.device)
        rewards = torch.tensor(batch.reward, dtype=torch.float32, device=self.device)
        with torch.no_grad():
            target = rewards + self.gamma * self.q(next_states.float()).max(1).values
        q = self.q(states.float()).gather(1, actions.unsqueeze(1)).squeeze(1)
        loss = nn.functional.smooth_l1_loss(q, target.float())
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    torch.manual_seed(0)
    env, agent = Pendulum1D(), DQNAgent()
    state = env.reset()
    loss = None
    for t in range(120):
        action = agent.act(state)
        next_state, reward, done = env.step(action)
        agent.memory.push(state, action, reward, next_state, done)
        state = next_state
        if len(agent.memory) >= 64:
            loss = agent.learn()
    print("RESULT " + json.dumps({"loss": loss}))


if __name__ == "__main__":
    main()
