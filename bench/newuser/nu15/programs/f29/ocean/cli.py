import sys

from ocean.config import RunConfig
from ocean.model import run


def main(argv):
    overrides = dict(arg.split("=", 1) for arg in argv)
    cfg = RunConfig(**overrides)
    eta = run(cfg)
    print("max height", float(eta.abs().max()), "dtype", eta.dtype)


if __name__ == "__main__":
    main(sys.argv[1:])
