from .backend import resolve_device, resolve_dtype
from .config import load_config
from .solver import HeatSolver


def main():
    cfg = load_config()
    solver = HeatSolver(cfg["grid"], cfg["alpha"], resolve_device(cfg["device"]),
                        resolve_dtype(cfg["precision"]))
    before = solver.total_heat()
    for _ in range(cfg["steps"]):
        solver.step()
    print(f"heat before {before:.5f} after {solver.total_heat():.5f}")


if __name__ == "__main__":
    main()
