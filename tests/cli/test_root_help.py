"""``arbitro --help`` names the games of the codes in the registry (issue 30: every list of codes
reads it), not «Burraco FIBAS» alone: Burraco FIBAS, Burraco Parole UISP, Scala 40 and Briscola
for the director, Bridge Law 13 for the arbiter; a code registered later is named too."""

from __future__ import annotations

import re

import pytest

from arbitro.cli.main import app
from arbitro.codes.registry import CodeSpec, EventKind, registered
from arbitro.i18n import verbatim


def _root_help(lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The root's help as the command line prints it (wrapped lines joined)."""
    with pytest.raises(SystemExit) as done:
        app(["--lang", lang, "--help"], prog_name="arbitro")
    assert done.value.code == 0
    return re.sub(r"-\s+", "-", " ".join(capsys.readouterr().out.split()))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "it",
            "arbitro: gare di carte (Burraco FIBAS, Burraco Parole UISP, Scala 40, Briscola) per "
            "il direttore e l'arbitro. Per l'arbitro, anche: Bridge — Articolo 13, numero "
            "errato di carte.",
        ),
        (
            "en",
            "arbitro: card-game competitions (Burraco FIBAS, Burraco Parole UISP, Scala 40, "
            "Briscola) for the director and the arbiter. For the arbiter, also: Bridge — Law "
            "13, wrong number of cards.",
        ),
    ],
)
def test_the_main_help_names_every_codes_game(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The five built-in codes, in the registry's order, in the run's language."""
    assert said in _root_help(lang, capsys)


def test_a_code_registered_later_is_named_from_the_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A code of a plugin is named as soon as it is registered, and no longer once taken back:
    the list is the registry's, not written in the help."""
    spec = CodeSpec(
        id="tressette-test",
        game="tressette",
        events=EventKind.ROUNDS,
        name=verbatim("Tressette — regolamento di prova"),
        short_name="Tressette ACME",
    )
    with registered(spec):
        assert "Briscola, Tressette ACME) per il direttore" in _root_help("it", capsys)
    assert "Tressette" not in _root_help("it", capsys)
