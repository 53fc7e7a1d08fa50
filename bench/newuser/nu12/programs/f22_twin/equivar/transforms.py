"""Random rotations and shifts, described as 2x3 affine matrices."""
import math
import random

import numpy as np


def random_affine(max_deg=30.0, max_shift=0.1):
    angle = math.radians(random.uniform(-max_deg, max_deg))
    tx, ty = random.uniform(-max_shift, max_shift), random.uniform(-max_shift, max_shift)
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s, tx], [s, c, ty]], dtype=np.float32)
