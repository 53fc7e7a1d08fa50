import json

DEFAULTS = {
    "grid": 64,
    "alpha": 0.1,
    "steps": 200,
    "precision": "float64",
    "device": "auto",
}


def load_config(overrides_json="{}"):
    cfg = dict(DEFAULTS)
    cfg.update(json.loads(overrides_json))
    return cfg
