"""Domain: the MPS facts about an expression or a branch (dtypes, arrays, casts, devices,
guards). Imports `syntax` and `semantic`."""
