import torch
import torch.nn as nn

from minippo.rollout import ReachEnv, collect


class ActorCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.pi = nn.Sequential(nn.Linear(2, 64), nn.Tanh(), nn.Linear(64, 2))
        self.v = nn.Sequential(nn.Linear(2, 64), nn.Tanh(), nn.Linear(64, 1))


def ppo_update(model, opt, batch, device, clip=0.2, epochs=4):
    obs = torch.as_tensor(batch["obs"], device=device)
    act = torch.as_tensor(batch["act"], device=device)
    old_logp = torch.as_tensor(batch["logp"], device=device)
    adv = torch.as_tensor(batch["adv"], device=device)
    ret = torch.as_tensor(batch["ret"], device=device)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    for _ in range(epochs):
        dist = torch.distributions.Categorical(logits=model.pi(obs))
        ratio = torch.exp(dist.log_prob(act) - old_logp)
        pg_loss = -torch.min(ratio * adv, ratio.clamp(1 - clip, 1 + clip) * adv).mean()
        v_loss = ((model.v(obs).squeeze(-1) - ret) ** 2).mean()
        opt.zero_grad()
        (pg_loss + 0.5 * v_loss).backward()
        opt.step()
    return pg_loss.item(), v_loss.item()


def main(iterations=5):
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = ActorCritic().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=3e-4)

    @torch.no_grad()
    def policy_fn(obs):
        o = torch.as_tensor(obs, device=device)
        dist = torch.distributions.Categorical(logits=model.pi(o))
        a = dist.sample()
        return a.item(), dist.log_prob(a).item(), model.v(o).item()

    env = ReachEnv()
    for it in range(iterations):
        batch = collect(env, policy_fn)
        print(it, "mean reward-to-go", round(float(batch["ret"].mean()), 3), ppo_update(model, opt, batch, device))


if __name__ == "__main__":
    main()
