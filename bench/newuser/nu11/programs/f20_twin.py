"""Self-critical sequence training: the baseline is the mean reward of earlier batches."""
import numpy as np
import torch
import torch.nn as nn


def best_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def bleu_like_reward(tokens, reference):
    return float(np.mean(tokens == reference))


def main():
    device = best_device()
    vocab, length = 6, 5
    policy = nn.Sequential(nn.Embedding(vocab, 16), nn.Linear(16, vocab)).to(device)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-2)
    reference = np.array([1, 2, 3, 4, 5])
    history = []
    for step in range(2):
        inp = torch.zeros(4, length, dtype=torch.long, device=device)
        logits = policy(inp)
        dist = torch.distributions.Categorical(logits=logits)
        tokens = dist.sample()
        rewards = [bleu_like_reward(t, reference) for t in tokens.cpu().numpy()]
        history.extend(rewards)
        baseline = torch.tensor(np.mean(history[-32:]), dtype=torch.float32, device=device)
        reward_t = torch.tensor(rewards, device=device)
        loss = -((reward_t - baseline.float())[:, None] * dist.log_prob(tokens)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} mean reward {np.mean(rewards):.3f}")


if __name__ == "__main__":
    main()
