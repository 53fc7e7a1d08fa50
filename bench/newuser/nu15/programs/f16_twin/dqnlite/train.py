"""Train DQN on the corridor."""
import torch

from dqnlite.agent import DQNAgent
from dqnlite.buffer import ReplayBuffer
from dqnlite.env import Corridor


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main(episodes=5, batch_size=32):
    env = Corridor()
    agent = DQNAgent(env.obs_dim, env.n_actions, get_device())
    buffer = ReplayBuffer(1000, env.obs_dim)
    for ep in range(episodes):
        obs, done, steps = env.reset(), False, 0
        while not done and steps < 50:
            action = agent.act(obs, eps=0.3)
            next_obs, reward, done, _ = env.step(action)
            buffer.add(obs, action, reward, next_obs, done)
            obs = next_obs
            steps += 1
            if buffer.size >= batch_size:
                agent.update(buffer.sample(batch_size))
        agent.sync()
        print(f"episode {ep}: {steps} steps")


if __name__ == "__main__":
    main()
