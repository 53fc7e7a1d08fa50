import torch

from dqn.agent import DQNAgent
from dqn.buffer import ReplayBuffer
from dqn.env import ChainWalk


def get_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


def main(episodes=5):
    torch.manual_seed(0)
    env = ChainWalk()
    buffer = ReplayBuffer(1000, env.length)
    agent = DQNAgent(env.length, 2, get_device())
    for ep in range(episodes):
        obs, done, steps = env.reset(), False, 0
        while not done and steps < 50:
            action = agent.act(obs, eps=0.3)
            next_obs, reward, done = env.step(action)
            buffer.add(obs, action, reward, next_obs, done)
            obs, steps = next_obs, steps + 1
            if buffer.size >= 32:
                agent.update(buffer.sample(32))
        print(f"episode {ep}: {steps} steps")


if __name__ == "__main__":
    main()
