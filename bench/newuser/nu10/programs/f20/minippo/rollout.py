import numpy as np


class ReachEnv:
    """Move a point towards a goal on a line; observations are float32 like gym's Box spaces."""

    def reset(self):
        self.pos, self.goal, self.t = 0.0, np.random.uniform(-1, 1), 0
        return self._obs()

    def _obs(self):
        return np.array([self.pos, self.goal], dtype=np.float32)

    def step(self, action):
        self.pos += 0.1 * (action * 2 - 1)
        self.t += 1
        reward = -abs(self.goal - self.pos)
        return self._obs(), reward, self.t >= 20


def collect(env, policy_fn, n_steps=512, gamma=0.99, lam=0.95):
    obs_l, act_l, rew_l, val_l, logp_l, done_l = [], [], [], [], [], []
    obs = env.reset()
    for _ in range(n_steps):
        action, logp, value = policy_fn(obs)
        next_obs, reward, done = env.step(action)
        obs_l.append(obs); act_l.append(action); rew_l.append(reward)
        val_l.append(value); logp_l.append(logp); done_l.append(done)
        obs = env.reset() if done else next_obs
    rewards, values, dones = np.array(rew_l), np.array(val_l + [0.0]), np.array(done_l)
    adv = np.zeros_like(rewards)
    last = 0.0
    for t in reversed(range(n_steps)):
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * nonterminal - values[t]
        last = delta + gamma * lam * nonterminal * last
        adv[t] = last
    return {"obs": np.stack(obs_l), "act": np.array(act_l), "logp": np.array(logp_l, dtype=np.float32),
            "adv": adv, "ret": adv + values[:-1]}
