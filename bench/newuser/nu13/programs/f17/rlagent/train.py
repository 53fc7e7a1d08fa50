import torch

from .agent import DQNAgent
from .buffer import ReplayBuffer
from .envs import CartPole


def select_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main(total_steps=600, warmup=100):
    env = CartPole()
    buffer = ReplayBuffer(5000, 4)
    agent = DQNAgent(4, 2, select_device())
    obs, _ = env.reset()
    episode_return, returns = 0.0, []
    for step in range(total_steps):
        eps = max(0.05, 1.0 - step / 300)
        action = agent.act(obs, eps)
        next_obs, reward, terminated, truncated, _ = env.step(action)
        buffer.add(obs, action, reward, next_obs, terminated)
        obs = next_obs
        episode_return += reward
        if terminated or truncated:
            returns.append(episode_return)
            obs, _ = env.reset()
            episode_return = 0.0
        if step >= warmup:
            agent.update(buffer.sample(32))
        if step % 100 == 0:
            agent.sync()
    print("episodes", len(returns), "last return", returns[-1] if returns else None)


if __name__ == "__main__":
    main()
