from torch import nn

from .anchors import grid_anchors


class TinyDetector(nn.Module):
    def __init__(self, n_classes=2, image_size=64, stride=8):
        super().__init__()
        self.n_anchor_shapes = 6
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(32, 32, 3, stride=2, padding=1), nn.ReLU(),
        )
        self.box_head = nn.Conv2d(32, self.n_anchor_shapes * 4, 1)
        self.cls_head = nn.Conv2d(32, self.n_anchor_shapes * n_classes, 1)
        self.n_classes = n_classes
        self.anchor_array = grid_anchors(image_size // stride, stride)

    def forward(self, images):
        f = self.backbone(images)
        B = images.shape[0]
        deltas = self.box_head(f).permute(0, 2, 3, 1).reshape(B, -1, 4)
        logits = self.cls_head(f).permute(0, 2, 3, 1).reshape(B, -1, self.n_classes)
        return deltas, logits
