"""Camera calibration files (OpenCV-style JSON)."""
import json
import os
import tempfile

import numpy as np


def write_example(folder=None):
    folder = folder or tempfile.mkdtemp(prefix="camgeo_")
    path = os.path.join(folder, "camera.json")
    with open(path, "w") as fh:
        json.dump({
            "camera_matrix": [[600.0, 0.0, 320.0], [0.0, 600.0, 240.0], [0.0, 0.0, 1.0]],
            "dist_coeffs": [-0.28, 0.07, 0.0002, -0.0001, 0.0],
            "image_size": [640, 480],
        }, fh)
    return path


def load_camera(path):
    with open(path) as fh:
        raw = json.load(fh)
    return {
        "K": np.asarray(raw["camera_matrix"]),
        "dist": np.asarray(raw["dist_coeffs"]),
        "size": tuple(raw["image_size"]),
    }
