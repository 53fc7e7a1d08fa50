"""YOLO-style box decoding with anchors read from a JSON model config."""
import json

import numpy as np
import torch
import torch.nn as nn

MODEL_JSON = """
{
  "num_classes": 3,
  "strides": [8, 16],
  "anchors": [[[10, 13], [16, 30], [33, 23]], [[30, 61], [62, 45], [59, 119]]]
}
"""


class DetectHead(nn.Module):
    def __init__(self, cfg, in_channels=(16, 32), device="cpu"):
        super().__init__()
        self.nc = cfg["num_classes"]
        self.no = self.nc + 5
        self.strides = cfg["strides"]
        self.device = device
        self.convs = nn.ModuleList(nn.Conv2d(c, 3 * self.no, 1) for c in in_channels)
        self.anchor_grids = []
        for anchors, stride in zip(cfg["anchors"], self.strides):
            scaled = np.array(anchors) / stride
            self.anchor_grids.append(torch.from_numpy(scaled).to(self.device))

    def forward(self, feats):
        out = []
        for i, x in enumerate(feats):
            b, _, h, w = x.shape
            p = self.convs[i](x).view(b, 3, self.no, h, w).permute(0, 1, 3, 4, 2).sigmoid()
            gy, gx = torch.meshgrid(torch.arange(h, device=x.device), torch.arange(w, device=x.device), indexing="ij")
            grid = torch.stack((gx, gy), -1).view(1, 1, h, w, 2)
            xy = (p[..., :2] * 2 - 0.5 + grid) * self.strides[i]
            wh = (p[..., 2:4] * 2) ** 2 * self.anchor_grids[i].view(1, 3, 1, 1, 2) * self.strides[i]
            out.append(torch.cat((xy, wh.float(), p[..., 4:]), -1).view(b, -1, self.no))
        return torch.cat(out, 1)


def main():
    cfg = json.loads(MODEL_JSON)
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    head = DetectHead(cfg, device=device).to(device)
    feats = [torch.randn(2, 16, 8, 8, device=device), torch.randn(2, 32, 4, 4, device=device)]
    boxes = head(feats)
    print(boxes.shape, boxes.dtype)


if __name__ == "__main__":
    main()
