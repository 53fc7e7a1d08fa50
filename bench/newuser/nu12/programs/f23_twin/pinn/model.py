from torch import nn


class MLP(nn.Module):
    def __init__(self, hidden, layers):
        super().__init__()
        blocks = [nn.Linear(1, hidden), nn.Tanh()]
        for _ in range(layers - 1):
            blocks += [nn.Linear(hidden, hidden), nn.Tanh()]
        blocks.append(nn.Linear(hidden, 1))
        self.net = nn.Sequential(*blocks)

    def forward(self, x):
        return self.net(x)
