"""How fixes are made, as the configuration and the command line choose: kept apart from
the fixers so that reading the settings loads none of them."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional


class Strategy(str, enum.Enum):
    THREAD_DTYPE = "thread-dtype"
    DEVICE_AWARE = "device-aware"


@dataclass(frozen=True)
class FixOptions:
    strategy: Strategy = Strategy.DEVICE_AWARE
    dtype: str = "float32"  # the default of an added `dtype` parameter, as `torch.<dtype>`
    # `pkg.mod.helper(dtype, device)`, the project's own MPS-safe dtype: device-aware fixes call it.
    safe_helper: Optional[str] = None
    # The project's line length (`line-length` of [tool.ruff] or [tool.black]): a signature
    # a new parameter makes longer is laid out one parameter per line (fix/functions.py);
    # other statements by fix/layout.py.
    line_length: int = 88
