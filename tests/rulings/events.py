"""Events and situations the arbiter-of-every-code tests share (issue 31): an event of each
code with round 1 published, and a situation of each code written from its articles."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.games.parole.words import WORDS

from arbitro.cards import parse_cards
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.games import briscola, parole
from arbitro.games import scala40 as s40
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.model import EventFormat, Movement

NOW = datetime(2026, 11, 22, 21, tzinfo=UTC)


def service(tmp_path: Path) -> EventService:
    """An event service on a new SQLite file."""
    return EventService(RecordStore(f"sqlite:///{tmp_path / 'r.sqlite3'}"), lambda: NOW)


def event(svc: EventService, event_id: str, code: CodeId = CodeId.BURRACO_FIBAS) -> str:
    """An event of ``code`` (pairs; Scala 40: four individuals) with round 1 published."""
    individual = code == CodeId.SCALA40
    game = {
        CodeId.SCALA40: GameId.SCALA40,
        CodeId.BURRACO_PAROLE: GameId.PAROLE,
    }.get(code, GameId.BURRACO)
    svc.create_event(
        event_id,
        EventConfig(
            "Serata",
            EventFormat.INDIVIDUAL if individual else EventFormat.PAIRS,
            1,
            (5 if individual else 3 if code == CodeId.BURRACO_PAROLE else 2,),
            (Movement.REGISTRATION_ORDER,),
            code=code,
            game=game,
        ),
    )
    for i in range(1, 5 if individual else 3):
        svc.run(event_id, Register(f"Concorrente {i}"))
    svc.seat(event_id, 1, publish=True)
    return event_id


def scala40_late_meld() -> dict[str, Any]:
    """Scala 40 art. 11: W opened kings and queens; the kings are found wrong late (the
    arbiter's case): the meld is frozen, S plays next."""
    deck = s40.arrange_deck(
        {s40.Seat.W: parse_cards("KH KD KC QH QD QS 2C 3H 5H 9C 7S 4D KS")},
        stock=parse_cards("JH 9D 8D 10S 6C 4S"),
    )
    deal = s40.Deal(deck, s40.Seat.N)
    for move in ("draw", "open KH KD KC | QH QD QS", "discard 2C"):
        deal.push(s40.parse_move(move))
    return {
        "position": str(deal),
        "irregularity": "wrong_meld_found_late",
        "offender": "W",
        "meld": 0,
    }


def parole_wrong_word() -> dict[str, Any]:
    """Parole art. 10.2: E lays CNAE, put right as CANE; E must discard at once (10.10)."""
    deal = parole.Deal(
        parole.arrange_deck(
            {parole.Seat.E: parole.parse_cards("CANEBRT")}, pile="Z", stock=parole.parse_cards("S")
        ),
        lexicon=WORDS,
    )
    deal.push(parole.DRAW)
    return {
        "position": str(deal),
        "irregularity": "wrong_word",
        "offender": "E",
        "cards": "CNAE",
        "extra": "CANE",
    }


def law13_board() -> dict[str, Any]:
    """Law 13: N holds 14 cards and E 12, no call made, nobody saw: correct and play (13D1)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return {
        "board": 4,
        "hands": {
            "N": " ".join(r + "H" for r in ranks) + " AD",
            "E": " ".join(r + "D" for r in ranks[1:]),
            "S": " ".join(r + "C" for r in ranks),
            "W": " ".join(r + "S" for r in ranks),
        },
    }


def fibas_two_warnings() -> dict[str, Any]:
    """FIBAS art. 22: W plays on before the arbiter's ruling, twice: two warnings."""
    return {
        "seed": 4,
        "script": ["rule played_before_ruling W", "rule played_before_ruling W"],
    }


def knockout(svc: KnockoutService, event_id: str) -> str:
    """A Briscola knockout of two pairs, its bracket drawn: one match, ``R1M1``."""
    svc.create(event_id, KnockoutConfig("Briscola del venerdì"))
    for name in ("Coppia 1", "Coppia 2"):
        svc.run(event_id, values.RegisterPair(name))
    svc.run(event_id, values.DrawBracket(seed=1))
    return "R1M1"


def briscola_communication() -> dict[str, Any]:
    """Briscola art. 10: E exchanges looks of agreement with the partner: the game is lost by
    the E-W pair (the match's second)."""
    game = briscola.Game.shuffled(random.Random(7))
    return {"position": str(game), "irregularity": "communication", "offender": "E"}


def parole_laid(hand: str, word: str) -> dict[str, Any]:
    """Parole: E, holding ``hand``, draws and lays ``word``; the opponents call the arbiter
    (art. 10.2, a wrong opening): the situation of that ruling."""
    deal = parole.Deal(
        parole.arrange_deck(
            {parole.Seat.E: parole.parse_cards(hand)}, pile="Z", stock=parole.parse_cards("S")
        ),
        lexicon=WORDS,
    )
    deal.push(parole.DRAW)
    return {"position": str(deal), "irregularity": "wrong_word", "offender": "E", "cards": word}


SCALA40_ROWS = ((0, 25, 40, 60), (30, 0, 15, 45), (20, 35, 0, 50), (10, 5, 60, 0), (0, 40, 30, 20))
"""A Scala 40 sheet of five deals (art. 22: the closer 0, the others their hands' points)."""


def cards_mixed(points: dict[str, int], deal: int | None = 2) -> dict[str, Any]:
    """Scala 40 art. 14: "l'arbitro ... si vedrà costretto ad assegnare un punteggio
    arbitrario": the cards mixed before counting, the arbiter's score of every player."""
    situation = {**scala40_late_meld(), "irregularity": "cards_mixed", "points": points}
    situation.pop("meld")
    if deal is not None:
        situation["deal"] = deal
    return situation


def sheet_in_force(svc: EventService, event_id: str, table: int = 1) -> Any:
    """The table's sheet in force in round 1."""
    state = svc.state(event_id)
    return state.round(1).sheets[table].entry_as_of(state.config.rounds)


def scala40_event(svc: EventService) -> tuple[int, ...]:
    """A Scala 40 event, its table's sheet entered; the players in seat order."""
    event(svc, "s", CodeId.SCALA40)
    seat = svc.state("s").round(1).seating
    assert seat is not None
    players = seat.tables[0].players
    assert players is not None
    svc.enter_sheet("s", 1, 1, Scala40Entry(players, SCALA40_ROWS))
    return players


def fibas_time_out_not_counted() -> dict[str, Any]:
    """FIBAS art. 17 and 34: the arbiter calls time, the last round is played (each seat
    draws and discards) and the deal ends; E-W's hand is mixed before it is counted and cannot
    be rebuilt: an arbitral score of -150 replaces E-W's total."""
    script = ["time"]
    for seat, card in (("E", "JK"), ("S", "QS"), ("W", "2S"), ("N", "KS")):
        script += [f"{seat} draw", f"{seat} discard {card}"]
    return {"seed": 4, "script": [*script, "rule points_not_counted W arbitral=-150 not_rebuilt"]}
