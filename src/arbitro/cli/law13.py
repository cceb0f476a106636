"""The options of a Bridge Law 13 ruling (a board with a wrong number of cards), shared by
``arbitro arbiter board`` and ``arbitro law13``, and the ruling they give."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games import prepared_deals
    from arbitro.games.prepared_deals import BoardCheck, Law13Ruling
else:
    # Loaded on first use: the command line's start-up (issue 14).
    prepared_deals = lazy_module("arbitro.games.prepared_deals")

CallMade = Annotated[
    bool,
    typer.Option("--call-made", help=_("A call already made with the wrong hand (13A/13B)")),
]
Called = Annotated[
    list[str] | None,
    typer.Option(
        "--called",
        metavar="N|E|S|W",
        help=_(
            "A position that made a call (repeatable): only a call made with a wrong hand "
            "leads to 13A/13B, else 13D"
        ),
    ),
]
Affected = Annotated[
    bool,
    typer.Option(
        "--affected",
        help=_("Later judged: the information influenced the result (13D2a, result changed)"),
    ),
]
ForeignPlayed = Annotated[
    bool,
    typer.Option(
        "--foreign-played",
        help=_("The foreign card was played in a completed trick (13F, arbitral score)"),
    ),
]
PlayCompleted = Annotated[bool, typer.Option("--play-completed", help=_("Play completed (13C)"))]
CannotCorrect = Annotated[
    bool, typer.Option("--cannot-correct", help=_("The arbiter cannot correct it (13B)"))
]
CardSeen = Annotated[
    bool, typer.Option("--card-seen", help=_("Another player's card was seen (13D2)"))
]
Significant = Annotated[
    bool, typer.Option("--significant", help=_("Significant information (13D2b)"))
]
Foreign = Annotated[
    bool,
    typer.Option("--foreign", "--foreign-card", help=_("A card foreign to the deal (13F)")),
]


def ruling(
    check: BoardCheck,
    call_made: bool,
    play_completed: bool,
    cannot_correct: bool,
    card_seen: bool,
    significant: bool,
    foreign: bool,
    called: list[str] | None = None,
    affected: bool = False,
    foreign_played: bool = False,
) -> Law13Ruling:
    """The outcome Bridge Law 13 prescribes for ``check`` given the options (13A-13F)."""
    return prepared_deals.law13_outcome(
        check,
        call_made=call_made,
        play_completed=play_completed,
        can_correct=not cannot_correct,
        card_seen=card_seen,
        information_significant=significant,
        excess_card_foreign=foreign,
        callers=[p.strip().upper() for p in called or ()],
        result_affected=affected,
        foreign_card_played=foreign_played,
    )
