"""What the code means, in layers; each layer imports only those below it (the
import-linter contracts in pyproject.toml, which tests/test_layers.py runs, keep it so).

- `syntax`: reading LibCST nodes (calls, children, statements, positions). Knows Python's
  syntax only.
- `semantic`: one walk per module: parents, scopes and bindings (imports, relative ones
  included when the module's package is known), calls, definitions and what a call calls.
  Knows Python, nothing of dtypes or devices.
- `domain`: the MPS facts about one expression or branch: dtypes, NumPy arrays, casts,
  devices, and guards (the code that never runs on MPS).
- `project`: what a module gives the others of the run (`Export`, `Imported`): plain data,
  made by the flow's summaries and handed across files by the runner.
- `flow`: where values go (flow), whether float64 made on the CPU stays there
  (containment), the answers rules share (placement), and `Analysis`, what rules receive.

Rules, fixes and reports sit above all of it; nothing here imports them.
"""
