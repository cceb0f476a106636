"""The codes' data files (``burraco_fibas.toml``...), each read and parsed once per process,
and kept parsed for the next process (:mod:`arbitro.codes.kept`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbitro.codes.kept import blake2b, kept
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import tomllib
else:
    tomllib = lazy_module("tomllib")  # parsed only when a file changed since it was kept

_HERE = Path(__file__).parent
_FORMAT = b"arbitro code data 1"


def has_code_data(name: str | Path) -> bool:
    """Whether the data file ``name`` (of this package, or a path: a plugin's code) exists."""
    return (_HERE / name).is_file()


@cache
def code_data(name: str | Path) -> dict[str, Any]:
    """The parsed TOML data file ``name`` of this package (or at the path ``name``: a plugin's
    code), shared by every reader (the code's numbers and its citations): treat it as
    read-only. Parsed once per edition of the file: ``arbitro --help`` cites articles from four
    codes and would spend more on parsing their TOML than on everything else it does."""
    path = _HERE / name  # an absolute path stays itself
    raw = path.read_bytes()
    stamp = blake2b(_FORMAT + raw, digest_size=16).hexdigest()

    def parse() -> dict[str, Any]:
        return tomllib.loads(raw.decode("utf-8"))

    data: dict[str, Any] = kept(path.parent / "__pycache__" / f"{path.name}.marshal", stamp, parse)
    return data
