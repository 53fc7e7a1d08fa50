import torch

from .agent import DQNAgent
from .buffer import ReplayBuffer
from .env import GridWorld


def main(episodes=8):
    device = torch.device("cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu")
    env = GridWorld()
    obs_dim = env.size * env.size
    agent = DQNAgent(obs_dim, 4, device)
    buffer = ReplayBuffer(1000, obs_dim)
    for ep in range(episodes):
        obs, done, steps = env.reset(), False, 0
        while not done and steps < 30:
            action = agent.act(obs, epsilon=0.3)
            next_obs, reward, done = env.step(action)
            buffer.add(obs, action, reward, next_obs, done)
            obs, steps = next_obs, steps + 1
            if buffer.size >= 32:
                agent.update(buffer.sample(32))
        agent.sync()
        print(f"episode {ep}: {steps} steps")


if __name__ == "__main__":
    main()
