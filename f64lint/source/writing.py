"""Writing a changed file without ever losing data.

The new content goes to a temporary file in the same folder, which then replaces the
original in one step (a reader sees the old file or the new one, never half of one), with
the original's permissions. A file that changed on disk since it was read is left alone.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional


def replace_file(path: Path, data: bytes, mode: Optional[int] = None, sync: bool = True) -> None:
    """Write `data` to `path` through a temporary file in the same folder and one rename,
    so a reader sees the old content or the new, never part of it. No temporary file is
    left behind on failure. Raises OSError."""
    import tempfile  # loaded by the first write: a run that writes nothing does not pay for it

    handle_fd, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".f64lint-")
    try:
        with os.fdopen(handle_fd, "wb") as out:
            out.write(data)
            if sync:
                out.flush()
                os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_atomically(path: Path, original: bytes, new: bytes) -> Optional[str]:
    """Replace `path` (read as `original`) with `new`, keeping its permissions; through a
    symbolic link, the file it points to is replaced, not the link. Returns why not, or None."""
    path = Path(os.path.realpath(path))
    try:
        with open(path, "rb") as handle:
            if handle.read() != original:
                return "changed on disk since it was read; not overwritten"
        replace_file(path, new, mode=stat.S_IMODE(os.stat(path).st_mode))
    except OSError as error:
        return f"cannot write: {error.strerror or error}"
    return None
