"""Reading a file as Python source: bytes to text, or a reason it cannot be read."""

from __future__ import annotations

import ast
import codecs
import io
import os
import tokenize
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Union

MAX_FILE_BYTES = 10 * 1024 * 1024
# A notebook's outputs (images, tables) are most of its size: its code is read from 100 MiB.
MAX_NOTEBOOK_BYTES = 100 * 1024 * 1024


@dataclass(frozen=True)
class Source:
    text: str
    encoding: str


@dataclass(frozen=True)
class Unreadable:
    reason: str


def decode(data: bytes) -> Union[Source, Unreadable]:
    """Decode source bytes as Python does: a BOM or a PEP 263 cookie, else UTF-8."""
    if b"\0" in data:
        return Unreadable("binary file (contains NUL bytes), not Python source")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if "unknown encoding" in error.msg or "encoding problem" in error.msg:
            return Unreadable(f"bad coding cookie: {error.msg}")
        encoding = "utf-8"  # undecodable first lines: the decode below says where
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        shown = "UTF-8" if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig") else encoding
        return Unreadable(
            f"not valid {shown}: byte 0x{data[error.start]:02x} at offset {error.start}; "
            "save it as UTF-8 or declare its encoding (PEP 263)"
        )
    return Source(text, encoding)


def python_accepts(text: str) -> bool:
    """Does CPython's own parser accept the source? (For checking code f64lint wrote.)"""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def read_bytes(path: Path) -> Union[bytes, Unreadable]:
    """A file's bytes; every way this can fail is a value, never an exception."""
    if os.path.islink(path) and not os.path.exists(path):
        return Unreadable(f"broken symbolic link (to {os.readlink(path)})")
    limit = MAX_NOTEBOOK_BYTES if path.suffix == ".ipynb" else MAX_FILE_BYTES
    try:
        size = os.stat(path).st_size
        if size > limit:
            return Unreadable(f"file too large ({size / 2**20:.1f} MiB; the limit is {limit // 2**20} MiB)")
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        return Unreadable("no such file or directory")
    except IsADirectoryError:
        return Unreadable("is a directory, not a file")
    except PermissionError:
        return Unreadable("permission denied")
    except OSError as error:
        return Unreadable(f"cannot read: {error.strerror or error}")
    if len(data) > limit:
        return Unreadable(f"file too large (the limit is {limit // 2**20} MiB)")
    return data
