import torch

from detkit.anchors import grid_anchors
from detkit.config import DetConfig


def box_iou(a, b):
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(dim=2)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


class AnchorMatcher:
    def __init__(self, cfg: DetConfig):
        self.cfg = cfg
        self.anchors = torch.as_tensor(grid_anchors(cfg), device=cfg.device)

    def __call__(self, gt_boxes):
        iou = box_iou(self.anchors, gt_boxes)
        best_iou, best_gt = iou.max(dim=1)
        labels = torch.where(best_iou >= self.cfg.pos_iou, best_gt, torch.full_like(best_gt, -1))
        labels[iou.argmax(dim=0)] = torch.arange(len(gt_boxes), device=gt_boxes.device)
        return labels


if __name__ == "__main__":
    cfg = DetConfig()
    matcher = AnchorMatcher(cfg)
    gt = torch.tensor([[20.0, 30.0, 90.0, 100.0], [120.0, 60.0, 240.0, 200.0]], device=cfg.device)
    labels = matcher(gt)
    print("anchors:", len(labels), "positives per box:", torch.bincount(labels[labels >= 0]).tolist())
