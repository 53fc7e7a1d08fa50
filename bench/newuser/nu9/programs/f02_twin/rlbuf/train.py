import json

import torch
import torch.nn as nn

from .buffer import ReplayBuffer
from .envs import PointMass

device = torch.device(
    "cuda" if torch.cuda.is_available()
    else "mps" if torch.backends.mps.is_available()
    else "cpu"
)


def collect(env, buf, steps, rng_actions):
    obs = env.reset()
    for k in range(steps):
        action = rng_actions[k]
        next_obs, reward, done, _ = env.step(action)
        buf.add(obs, action, reward, next_obs, done)
        obs = env.reset() if done else next_obs


def main():
    torch.manual_seed(0)
    env = PointMass(seed=1)
    buf = ReplayBuffer(capacity=256, obs_dim=2)
    collect(env, buf, 200, torch.linspace(-1, 1, 200).tolist())
    q = nn.Sequential(nn.Linear(3, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    opt = torch.optim.SGD(q.parameters(), lr=1e-2)
    for _ in range(20):
        batch = {k: torch.as_tensor(v, dtype=torch.float32, device=device) for k, v in buf.sample(32).items()}
        inp = torch.cat([batch["obs"], batch["actions"]], dim=1).float()
        target = batch["rewards"].float().unsqueeze(1)
        loss = ((q(inp) - target) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("RESULT " + json.dumps({"loss": loss.item()}))


if __name__ == "__main__":
    main()
