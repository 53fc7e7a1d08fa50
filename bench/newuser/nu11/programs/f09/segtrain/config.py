"""Experiment configuration read from JSON."""
import json
import os
import tempfile
from types import SimpleNamespace

import numpy as np

DEFAULT = {
    "num_classes": 3,
    "class_frequencies": [0.7, 0.2, 0.1],
    "lr": 0.01,
    "device": None,
}


def write_default(path):
    with open(path, "w") as fh:
        json.dump(DEFAULT, fh)


def load_config(path=None):
    if path is None:
        path = os.path.join(tempfile.mkdtemp(), "exp.json")
        write_default(path)
    with open(path) as fh:
        raw = json.load(fh)
    cfg = SimpleNamespace(**raw)
    freqs = np.asarray(cfg.class_frequencies)
    cfg.class_weights = freqs.sum() / (len(freqs) * freqs)
    return cfg
