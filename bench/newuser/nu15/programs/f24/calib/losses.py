"""Losses computed in double precision for numerical stability of the log-sum-exp."""
import torch


def stable_nll(logits, targets):
    logp = logits.double().log_softmax(dim=-1)
    return -logp.gather(1, targets[:, None]).mean().to(logits.dtype)


def focal_loss(logits, targets, gamma=2.0):
    logp = logits.double().log_softmax(dim=-1).gather(1, targets[:, None]).squeeze(1)
    return (-(1 - logp.exp()) ** gamma * logp).mean().float()
