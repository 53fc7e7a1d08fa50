import torch
from torch import nn

from detector.anchors import grid_anchors, load_anchor_config


class RetinaLikeHead(nn.Module):
    def __init__(self, in_channels=16, feat_size=(8, 8)):
        super().__init__()
        self.cfg = load_anchor_config()
        self.num_anchors = len(self.cfg["sizes"]) * len(self.cfg["aspect_ratios"])
        self.cls = nn.Conv2d(in_channels, self.num_anchors, 3, padding=1)
        self.reg = nn.Conv2d(in_channels, self.num_anchors * 4, 3, padding=1)
        self.anchors = grid_anchors(*feat_size, self.cfg)

    def decode(self, deltas, anchors):
        widths = anchors[:, 2] - anchors[:, 0]
        heights = anchors[:, 3] - anchors[:, 1]
        cx = anchors[:, 0] + 0.5 * widths + deltas[..., 0] * widths
        cy = anchors[:, 1] + 0.5 * heights + deltas[..., 1] * heights
        w = widths * deltas[..., 2].exp()
        h = heights * deltas[..., 3].exp()
        return torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], dim=-1)

    def forward(self, feat):
        b = feat.shape[0]
        scores = self.cls(feat).permute(0, 2, 3, 1).reshape(b, -1)
        deltas = self.reg(feat).permute(0, 2, 3, 1).reshape(b, -1, 4)
        anchors = torch.from_numpy(self.anchors).float().to(feat.device)
        return scores.sigmoid(), self.decode(deltas, anchors)
