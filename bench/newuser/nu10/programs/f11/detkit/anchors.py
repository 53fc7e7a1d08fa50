import numpy as np


def grid_anchors(cfg):
    """All anchors as (N, 4) x1, y1, x2, y2 in pixels, level by level."""
    levels = []
    for stride, size in zip(cfg.strides, cfg.anchor_sizes):
        n = cfg.image_size // stride
        centers = (np.arange(n) + 0.5) * stride
        cx, cy = np.meshgrid(centers, centers)
        cx, cy = cx.reshape(-1, 1), cy.reshape(-1, 1)
        ratios = np.array(cfg.aspect_ratios)
        w, h = size * np.sqrt(ratios), size / np.sqrt(ratios)
        levels.append(np.concatenate([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1).reshape(-1, 4))
    return np.concatenate(levels, axis=0)
