import json
from pathlib import Path

import numpy as np


def load_anchor_config(path=None):
    path = path or Path(__file__).with_name("anchors.json")
    with open(path) as fh:
        return json.load(fh)


def base_anchors(sizes, ratios):
    sizes, ratios = np.array(sizes), np.array(ratios)
    ws = (sizes[:, None] / np.sqrt(ratios[None, :])).ravel()
    hs = (sizes[:, None] * np.sqrt(ratios[None, :])).ravel()
    return np.stack([-ws / 2, -hs / 2, ws / 2, hs / 2], axis=1)


def grid_anchors(feat_h, feat_w, cfg):
    stride = cfg["stride"]
    shift_x, shift_y = np.meshgrid((np.arange(feat_w) + 0.5) * stride, (np.arange(feat_h) + 0.5) * stride)
    shifts = np.stack([shift_x, shift_y, shift_x, shift_y], axis=-1).reshape(-1, 1, 4)
    return (shifts + base_anchors(cfg["sizes"], cfg["aspect_ratios"])[None]).reshape(-1, 4)
