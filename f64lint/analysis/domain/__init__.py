"""Domain: the MPS facts about an expression or a branch (dtypes, arrays, casts, devices,
guards), and what torch's and NumPy's functions return (`library`: one table). Imports
`syntax` and `semantic`."""
