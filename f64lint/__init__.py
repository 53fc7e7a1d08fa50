"""f64lint: find and fix float64 hardcoding that crashes PyTorch on Apple's MPS backend."""

__version__ = "0.1.0"
