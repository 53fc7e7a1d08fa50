from torch import nn


class MLP(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        layers, n_in = [], 2
        for _ in range(depth):
            layers += [nn.Linear(n_in, width), nn.Tanh()]
            n_in = width
        layers.append(nn.Linear(n_in, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, xy):
        return self.net(xy).squeeze(-1)
