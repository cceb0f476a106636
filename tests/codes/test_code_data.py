"""The codes' data read once and kept parsed (issue 14: ``arbitro --help`` cites articles of
four codes without parsing their TOML at every run)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from arbitro.codes import data
from arbitro.codes.citation import cite
from arbitro.codes.kept import kept

TOMLS = sorted(p.name for p in Path(data.__file__).parent.glob("*.toml"))


@pytest.mark.parametrize("name", TOMLS)
def test_the_kept_data_is_the_toml_file(name: str) -> None:
    here = Path(data.__file__).parent
    assert data.code_data(name) == tomllib.loads((here / name).read_text("utf-8"))


def test_a_citation_reads_the_kept_data() -> None:
    """FIBAS art. 20: the VP tables; the article number comes from the code's data."""
    table = data.code_data("burraco_fibas.toml")
    assert str(cite("burraco-fibas", "vp")) == f"FIBAS art. {table['event_articles']['vp']}"


def test_a_fresh_process_reads_the_kept_data_without_tomllib() -> None:
    code = (
        "import sys\n"
        "from arbitro.codes.data import code_data\n"
        "code_data('burraco_fibas.toml')\n"
        "print('tomllib' in sys.modules)\n"
    )
    for _ in range(2):  # the first run may have to write the kept file
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
    assert done.stdout.split() == ["False"]


def test_kept_data_is_rebuilt_when_its_stamp_changes(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "x.marshal"
    built: list[str] = []

    def build(value: str) -> dict[str, list[int]]:
        built.append(value)
        return {value: [1, 2]}

    assert kept(path, "a", lambda: build("a")) == {"a": [1, 2]}
    assert kept(path, "a", lambda: build("again")) == {"a": [1, 2]}
    assert kept(path, "b", lambda: build("b")) == {"b": [1, 2]}
    assert built == ["a", "b"]


def test_a_damaged_or_unwritable_kept_file_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "x.marshal"
    path.write_bytes(b"\x00garbage")
    assert kept(path, "s", lambda: [3]) == [3]
    assert kept(path, "s", lambda: [4]) == [3]  # written over the damaged one
    unmarshallable = object()
    assert kept(tmp_path / "y.marshal", "s", lambda: unmarshallable) is unmarshallable
    assert not list(tmp_path.glob("*.tmp"))
