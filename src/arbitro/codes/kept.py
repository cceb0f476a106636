"""Data built once and kept for the next process: a :mod:`marshal` file beside the package
(its ``__pycache__``), valid while its stamp matches what the data was built from. Used where
building costs more than a command may spend at start (issue 14): the article search index,
the codes' parsed TOML."""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:  # hashlib's BLAKE2 itself, without hashlib loading OpenSSL (~7 ms of every command)
    from _blake2 import blake2b as blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b as blake2b


def kept(path: Path, stamp: str, build: Callable[[], Any]) -> Any:
    """The data kept in ``path`` if it was built from ``stamp``; else ``build()``'s, written
    there for the next process when the folder can be written (a damaged or stale file is
    rebuilt; data :mod:`marshal` cannot hold is returned unkept)."""
    stored = _stored(path)
    if stored is not None and stored[0] == stamp:
        return stored[1]
    data = build()
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(marshal.dumps((stamp, data)))
        os.replace(partial, path)  # whole or not at all, for a process reading it meanwhile
    except (OSError, ValueError):
        partial.unlink(missing_ok=True)
    return data


def _stored(path: Path) -> tuple[Any, Any] | None:
    """The (stamp, data) pair kept in ``path``; None when there is no file yet or it is
    damaged (then the data is built again)."""
    try:
        stamp, data = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return stamp, data
