import itertools

import numpy as np


def grid_anchors(feature_size, stride, scales=(32, 64), ratios=(0.5, 1.0, 2.0)):
    shapes = []
    for scale, ratio in itertools.product(scales, ratios):
        w = scale * ratio ** 0.5
        h = scale / ratio ** 0.5
        shapes.append((w, h))
    shapes = np.array(shapes)
    centres = (np.arange(feature_size) + 0.5) * stride
    cx, cy = np.meshgrid(centres, centres)
    cxcy = np.stack([cx.ravel(), cy.ravel()], axis=1)
    n_loc, n_shape = len(cxcy), len(shapes)
    out = np.concatenate([
        np.repeat(cxcy, n_shape, axis=0),
        np.tile(shapes, (n_loc, 1)),
    ], axis=1)
    return out
