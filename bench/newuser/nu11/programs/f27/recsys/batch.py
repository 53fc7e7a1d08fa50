from dataclasses import dataclass, fields

import torch


@dataclass
class Batch:
    users: object
    items: object
    ratings: object

    def to(self, device):
        return Batch(**{f.name: torch.as_tensor(getattr(self, f.name)).to(device) for f in fields(self)})
