import torch
import torch.nn as nn

from .features import TICKETS, TicketFeaturizer
from .settings import TrainSettings


def train(settings: TrainSettings):
    featurizer = TicketFeaturizer(settings.max_features)
    dense, labels = featurizer.fit_transform(TICKETS)
    x = torch.tensor(dense, device=settings.device)
    y = torch.tensor(labels, device=settings.device)
    model = nn.Linear(x.shape[1], len(featurizer.classes)).to(settings.device).to(x.dtype)
    opt = torch.optim.SGD(model.parameters(), lr=settings.lr)
    for _ in range(settings.epochs):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    print("loss", train(TrainSettings()))
