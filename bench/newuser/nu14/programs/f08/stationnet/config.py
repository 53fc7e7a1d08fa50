import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import List

DEFAULT_CONFIG = {
    "stations": ["KSEA", "KPDX", "KBOI", "KGEG"],
    "station_prior": [0.4, 0.3, 0.2, 0.1],
    "hidden": 24,
    "lr": 0.005,
    "steps": 20,
}


@dataclass
class ExperimentConfig:
    stations: List[str]
    station_prior: List[float]
    hidden: int = 16
    lr: float = 1e-3
    steps: int = 10
    tags: List[str] = field(default_factory=list)

    @classmethod
    def from_json(cls, path):
        with open(path) as fh:
            return cls(**json.load(fh))


def write_default(folder=None):
    folder = folder or tempfile.mkdtemp(prefix="stationnet_")
    path = os.path.join(folder, "experiment.json")
    with open(path, "w") as fh:
        json.dump(DEFAULT_CONFIG, fh)
    return path
