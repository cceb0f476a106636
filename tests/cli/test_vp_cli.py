"""``arbitro vp`` with a negative difference (issue 26 M): ``-60`` is the MP difference, not
an unknown option (FIBAS art. 20: the VP of a difference, by its size)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["vp", "--deals", "3", "-60"],
        ["vp", "-60", "--deals", "3"],
        ["vp", "--deals", "3", "60"],
    ],
)
def test_a_negative_difference_is_converted_like_its_size(args: list[str]) -> None:
    """FIBAS art. 20, three deals: a difference of 60 MP either way is 11-9 (it failed with
    "No such option: -6")."""
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "11-9"


def test_a_negative_difference_keeps_its_sign_in_json() -> None:
    """FIBAS art. 20: the JSON keeps the difference as typed, the VP by its size."""
    out = json.loads(runner.invoke(app, ["vp", "--deals", "2", "-130", "--json"]).stdout)
    assert (out["difference"], out["winner"], out["loser"]) == ("-130", 12, 8)


def test_an_unknown_word_is_still_refused() -> None:
    """A mistyped option is not a difference: the conversion's own error, status 1."""
    result = runner.invoke(app, ["vp", "--nope"])
    assert result.exit_code == 1
    assert "«--nope» non è una differenza di M.P." in result.stderr
