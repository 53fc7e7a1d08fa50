import numpy as np

from .agent import DQNAgent
from .buffer import ReplayBuffer
from .env import CartPole


def main(steps=600):
    np.random.seed(0)
    env = CartPole()
    agent = DQNAgent(obs_dim=4, n_actions=2)
    buffer = ReplayBuffer(10_000, 4)
    obs, episode_return, returns = env.reset(), 0.0, []
    for step in range(steps):
        action = agent.act(obs, epsilon=max(0.05, 1 - step / 400))
        next_obs, reward, done = env.step(action)
        buffer.add(obs, action, reward, next_obs, done)
        obs, episode_return = next_obs, episode_return + reward
        if done:
            returns.append(episode_return)
            obs, episode_return = env.reset(), 0.0
        if buffer.size >= 64:
            agent.update(buffer.sample(64))
    print("episodes", len(returns), "mean return", np.mean(returns[-10:]))


if __name__ == "__main__":
    main()
