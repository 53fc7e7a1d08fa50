"""Log-odds occupancy grid updated from simulated range scans."""
import json
import math

import torch


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


class OccupancyGrid:
    def __init__(self, size=32, resolution=0.25, device=None):
        self.size, self.res = size, resolution
        self.device = device or get_device()
        self.log_odds = torch.full((size, size), 0.0, dtype=torch.float32, device=self.device)
        self.l_occ, self.l_free = math.log(0.7 / 0.3), math.log(0.3 / 0.7)

    def integrate(self, pose, angles, ranges):
        x0, y0 = pose
        for frac in torch.linspace(0, 1, 20, device=self.device)[:-1]:
            px = x0 + frac * ranges * torch.cos(angles)
            py = y0 + frac * ranges * torch.sin(angles)
            self._add(px, py, self.l_free)
        hx, hy = x0 + ranges * torch.cos(angles), y0 + ranges * torch.sin(angles)
        self._add(hx, hy, self.l_occ)

    def _add(self, px, py, value):
        ix = (px / self.res).long().clamp(0, self.size - 1)
        iy = (py / self.res).long().clamp(0, self.size - 1)
        self.log_odds.index_put_((iy, ix), torch.full_like(px, value, dtype=self.log_odds.dtype), accumulate=True)

    def probabilities(self):
        return torch.sigmoid(self.log_odds)


def main():
    grid = OccupancyGrid()
    angles = torch.linspace(0, 2 * math.pi, 36, device=grid.device)
    for step in range(3):
        ranges = torch.full_like(angles, 2.5 + 0.5 * step)
        grid.integrate((4.0, 4.0), angles, ranges)
    p = grid.probabilities()
    print("RESULT " + json.dumps({"occupied": int((p > 0.6).sum().item()), "mean": p.mean().item()}))


if __name__ == "__main__":
    main()
