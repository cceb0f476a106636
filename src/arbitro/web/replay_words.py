"""A deal's moves said in words (issue 32: "every deal is replayable move by move"), for the
replay's list of moves on the desk's page and in ``arbitro digital replay``: «Ovest raccoglie
gli scarti», «Nord scarta Q♠» in Italian, "West picks up the discard pile" in English, each
move's notation kept beside it (to copy, as the arbiter reads it). The words are the deal
record's (:func:`arbitro.tournament.digital.hand_record.said_move`: the notations' shared
verbs, docs/digital-tables.md; a card as its view's face), the seat named by
:func:`arbitro.i18n.seats.named`; nothing asks which game is played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitro.games.core.seats import Seat
from arbitro.i18n.seats import named
from arbitro.tournament.digital.hand_record import Face, said_move
from arbitro.tournament.digital.table import DigitalTable


@dataclass(frozen=True, slots=True)
class MoveSaid:
    """A move of a deal: its number, the seat as the notation writes it and named in the
    reader's language, the move in words and in the notation."""

    n: int
    seat: str
    seat_name: str
    words: str
    notation: str

    @property
    def text(self) -> str:
        """The move as a sentence: «Ovest raccoglie gli scarti»."""
        return f"{self.seat_name} {self.words}"


def faces_of(t: DigitalTable, deal: int) -> dict[str, Any]:
    """How the deal's cards look (each seat's view's ``faces``: Briscola's Italian cards), read
    from the deal as dealt and from each mover's view before its move, as the deal record
    reads them (a card played was in its mover's hand)."""
    engine = t.engine
    d = t.deals[deal - 1]
    seats = t.seats_of(deal)
    game = engine.start(d.layout)
    faces: dict[str, Any] = {}
    for s in seats:
        faces.update(engine.view(game, s).get("faces") or {})
    for _, text in d.moves:
        turn = getattr(game, "turn", None)
        if isinstance(turn, Seat) and turn in seats:
            faces.update(engine.view(game, turn).get("faces") or {})
        game.push(engine.parse_move(text))
    return faces


def named_faces(faces: dict[str, Any], lang: str) -> dict[str, Any]:
    """``faces`` with each card's label its name in ``lang`` where its face names it (a
    Briscola card: «sette di denari», not the phone's «7♦»): a list of moves reads as
    words."""
    out: dict[str, Any] = {}
    for card, f in faces.items():
        names = f.get("names") if isinstance(f, dict) else None
        name = names.get(lang) if isinstance(names, dict) else None
        out[card] = {**f, "label": name} if isinstance(name, str) and name else f
    return out


def _word(piece: Face | str) -> str:
    return piece.text if isinstance(piece, Face) else piece


def moves_said(t: DigitalTable, deal: int, lang: str) -> list[MoveSaid]:
    """Every move of deal ``deal`` of table ``t`` (finished or in play) said in ``lang``, in
    order: the seat by its name, the move in words, its notation kept."""
    d = t.deals[deal - 1]
    faces = named_faces(faces_of(t, deal), lang)
    return [
        MoveSaid(
            n,
            seat,
            named(seat, lang),
            " ".join(_word(p) for p in said_move(text, faces, lang)),
            text,
        )
        for n, (seat, text) in enumerate(d.moves, 1)
    ]
