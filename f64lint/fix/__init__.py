"""Every fix is a list of text edits with an applicability. **Safe** fixes change nothing on
CPU or CUDA; **unsafe** ones compute in float32 where float64 was hardcoded, so they are
applied only with `--unsafe-fixes` (or `unsafe-fixes = true`), as in Ruff.

By default (`fix-strategy = "device-aware"`) a function that can tell its device gets the
dtype that follows the device, float32 on MPS only: safe. With `fix-strategy =
"thread-dtype"` it gets a `dtype` parameter (float32 everywhere, unsafe) unless it asks for
float64 on purpose. What each finding gets:

| finding | fix | applicability |
|---|---|---|
| `torch.float64` / `torch.double` / `dtype=float` in a function that knows its device (a `device`-like parameter, a tensor parameter's `.device`, a local `device = x.device`, `device=self._device`, the device its values are moved to or made on, ahead of a device parameter they may not go to) | **device-aware**: one line `dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64` above the first use, whose name replaces every use in the function (with `thread-dtype`: only where the function asks for float64 on purpose, by a comment or name about precision, `upcast_to_double`, or the result brought back with `.to(x.dtype)` / `.type_as(x)`) | safe |
| the same where the tensor is made on a device spelled `"mps"` | `torch.float32` in place | safe |
| `torch.float64 if self.double_precision else torch.float32` in a function that knows its device | the flag is kept and MPS left out of it: `... if self.double_precision and torch.device(device).type != "mps" else ...` | safe |
| the same in a function that asks for float64 on purpose but cannot tell its device | none: float32 everywhere would undo the author's choice; the finding is left for them | - |
| the same in a function that cannot tell its device | **thread-dtype**: a `dtype` parameter (default `torch.float32`, annotated `torch.dtype` when the function is annotated; an existing `dtype` parameter is reused) replaces it, `.double()` becomes `.to(dtype)`, and callers that have a `dtype` pass it on (`dtype=dtype`): in the same module, through `self.` for methods, and in the other files of the run that import the function (absolute, relative or module imports) | unsafe |
| `__init__` whose float64 only goes into `register_buffer(...)` or `self.<name> = ...` | `torch.float32` in place (`.double()` becomes `.float()`): a buffer moves with its module, and a constructor parameter for one tensor is noise | unsafe |
| a function a framework calls (`forward`, a Lightning step or `on_*` hook, a metric's `reset`/`update`/`compute`, a test, a pytest fixture), whose signature is not ours to change | the dtype of the data it meets when an input is shown floating (annotated `FloatTensor`, or its `.dtype` read) or the module has a parameter `__init__` always makes (`x.dtype`, `self.weight.dtype`; unsafe); else **device-aware** when it can tell its device (safe); else `torch.float32` in place | as said |
| a module-level constant, a lambda, a `@property`, a dunder method, a function where `dtype` already names something else | `torch.float32` in place (`.double()` becomes `.float()`) | unsafe |
| F64003 float64 NumPy array made a tensor | the NumPy work keeps its float64 on the CPU; the cast goes where the array becomes a tensor: into the move that follows (`torch.from_numpy(a).to(device, dtype=dtype)`, merged with a cast after it), `torch.tensor(a).float()` made as `torch.tensor(a, dtype=torch.float32)`, else `.to(dtype)` (`.float()` without a function) | safe when the device is `"mps"` or the cast was there; else as the plan |
| F64006 complex128 | `torch.complex64`, `.cfloat()`; device-aware beside device-aware float64 (`torch.complex64 if ... else torch.complex128`, safe); none where an `IfExp` picks it to match a wide input dtype | unsafe |
| F64009 move then cast | merged: `.to(device).float()` becomes `.to(device, dtype=torch.float32)` | safe |
| F64004 float64 moved to MPS | cast while moving: `.to(device, dtype=dtype)` (the function's plan, as above); applied only in a pass where no other fix is, since fixing the value's source usually makes it unneeded | as the plan |
| F64005, F64007 | none: a global default or a legacy constructor needs a person | - |

`.double().to(device)` and `.to(device).double()` are fixed as one call, `.to(device, dtype=dtype)`. An added `dtype`
parameter is documented where the docstring lists the arguments (Google `Args:`, NumPy
`Parameters`, Sphinx `:param:`). Fixed code keeps the project's line length (`line-length`
of `[tool.ruff]`, else `[tool.black]`, else 88): a signature a fix makes longer is laid out
one parameter per line with a trailing comma, and any other statement a fix makes longer
is laid out as black lays it out (a line already longer before the fix is left as it
was). When fixing a finding's source fixes the finding too (a move of a float64 value), it
counts as fixed. `--show-fixes` lists each fixed finding at its place in the file as it
was, with the fix made, or, for one that went away this way, the finding whose fix took it.

An `import torch` a fix needs is added once, after the module's imports; a
`from torch import float64` a fix leaves unused is removed.

Guarantees, each with tests:

- Fixes are applied in passes: fixes whose edits collide wait for the next pass; after each
  pass the file is linted again, until nothing changes (at most 10 passes). A second
  `--fix` changes nothing.
- The fixed file always parses. A pass whose result would not is undone and its fixes tried
  one by one; a fix that breaks the file, or after which its finding is still there, is
  dropped and reported on stderr, never written.
- Files are written atomically (a temporary file in the same folder, then a rename), with
  their encoding, BOM, line endings and permissions kept. A file that changed on disk since
  f64lint read it is not overwritten; a file that cannot be written is reported and keeps
  its findings.
- Files are written only once every file of the run is linted and fixed, and none when the
  run fails: a run that exits 2 (a configuration, baseline or path it cannot use, a report
  file it cannot write, an internal error) has changed nothing. A cache that cannot be
  written only costs time.
- A path that does not exist is a usage error (exit 2), never an ignorable finding.
- `f64lint --fix -` reads stdin and prints the fixed source to stdout (the report goes to
  stderr), for editors.

The fixed code runs on MPS: `f64lint.testing.mps_emulation()` (below) makes any machine
behave like MPS for dtypes, and the test suite runs the realistic fixtures in `fixtures/`
(all but `train.py`, whose global `torch.set_default_dtype(torch.float64)` has no automatic
fix) before and after `--fix --unsafe-fixes` under it: before, it raises MPS's `TypeError`;
after, it runs, and its results match the original float64 code on the CPU within float32
tolerance.
"""  # noqa: E501
