"""A Parole ruling in a sentence a player understands (issue 31): what the remedy does, who
plays now and what he does, and the article (arts. 9-11). The arbiter of every code shows it
first among the ruling's effects (:attr:`RemediesArbiter.explain`), as the FIBAS rulings say
theirs: «gioca ora: E» alone told the table nothing of the remedy."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Final

from arbitro.games.core.arbiter import Irregularity
from arbitro.games.core.seats import Seat
from arbitro.games.core.table import Phase
from arbitro.games.parole.deal import Deal
from arbitro.i18n import Message, message, verbatim

SEAT_NAMES: Final[Mapping[Seat, Message]] = {
    Seat.N: Message("North"),
    Seat.E: Message("East"),
    Seat.S: Message("South"),
    Seat.W: Message("West"),
}
"""The seats' names, as the players call them."""

WHAT: Final[Mapping[str, Message]] = {
    "penalize": Message(
        "the cards {cards} of {seat}'s hand become penalized cards, discarded highest first"
    ),
    "freeze": Message("the word {word} is frozen until the end of the deal and counts negative"),
    "freeze_round": Message("the word {word} is frozen for one round"),
    "discard_no_closing": Message("{seat}'s discard stands, but it is no closing"),
    "burn": Message("the card {cards} found away from the table is out of the deal"),
    "closing_no_discard": Message("{seat}'s last play goes back as penalized cards: no closing"),
    "closing_no_burraco": Message(
        "{seat}'s last play becomes penalized cards and the last card is discarded: no closing"
    ),
    "closing_first_round": Message(
        "{seat}'s last play stays, frozen for one round, and the discard stands: no closing"
    ),
    "closing_wild": Message(
        "{seat}'s last play becomes penalized cards and the wild card discarded stands: no closing"
    ),
    "play_no_draw": Message("{seat} played without drawing first: the play is recorded"),
    "missed_draw": Message("{seat} did not draw: the draw is put right as the moment allows"),
    "closing_no_draw": Message(
        "{seat} closed without drawing: no closing; the plays of the turn are frozen for one "
        "round and the discard stands"
    ),
    "draw_out_of_turn": Message("{seat} drew out of turn: the draw is recorded"),
    "pickup_out_of_turn": Message("{seat} picked up the pile out of turn: the pick-up is recorded"),
    "play_out_of_turn": Message("{seat} played out of turn: the play is recorded"),
    "put_back": Message(
        "the cards {seat} took go back where they were; a play that used them is undone"
    ),
    "discard_several": Message("{seat} discarded several cards: the discard is recorded"),
    "multiple_discard": Message("{seat} takes the cards back and discards one card only"),
}
"""What each remedy does (the wrong word has its own two sentences), with ``{seat}`` the
offender, ``{cards}`` the cards named, ``{word}`` the word named."""


def _word(deal: Deal, offender: Seat, target: object) -> str:
    """The word numbered ``target`` of the offender's line, as the table shows it."""
    words = deal.words(offender.line)
    n = int(str(target)) if str(target).lstrip("-").isdigit() else -1
    return str(words[n]) if 0 <= n < len(words) else ""


def what(irr: Irregularity, before: Deal, after: Deal) -> Message:
    """What the remedy of ``irr`` does, in the players' words (arts. 9-11)."""
    seat = SEAT_NAMES[irr.offender]
    cards = verbatim(str(irr.details.get("cards", "")))
    if irr.kind == "wrong_word":
        healed = verbatim(str(irr.details.get("extra", "")))
        old, new = before.penalized(irr.offender), after.penalized(irr.offender)
        if healed.msgid and old == new:
            return message(
                "{seat}'s wrong word {cards} is put right as {healed} with the same cards",
                seat=seat,
                cards=cards,
                healed=healed,
            )
        if healed.msgid:
            added = "".join((Counter(new) - Counter(old)).elements())
            return message(
                "{seat}'s wrong word {cards} is put right as {healed}; the cards it does not "
                "use become penalized ({penalized})",
                seat=seat,
                cards=cards,
                healed=healed,
                penalized=verbatim(added),
            )
        return message(
            "{seat}'s wrong word {cards} goes back: its cards become penalized",
            seat=seat,
            cards=cards,
        )
    word = verbatim(_word(after, irr.offender, irr.details.get("target", -1)))
    found = WHAT.get(irr.kind)
    if found is None:
        return verbatim(irr.kind)
    return Message(found.msgid, {"seat": seat, "cards": cards, "word": word})


def now(after: Deal) -> Message:
    """Who plays now and what he does: the deal over, a discard at once (the highest
    penalized card first, art. 10.8), a draw, or the turn going on."""
    if after.is_over:
        return message("the deal is over")
    seat = SEAT_NAMES[after.turn]
    if after.phase is Phase.DRAW:
        return message("{seat} plays now: draws from the stock or picks up the pile", seat=seat)
    if after.must_discard:
        penalized = after.penalized(after.turn)
        if penalized:
            return message(
                "{seat} discards now, the highest penalized card first: {card}",
                seat=seat,
                card=verbatim(str(penalized[0])),
            )
        return message("{seat} discards now, without playing", seat=seat)
    return message("{seat} goes on with the turn: plays, then discards", seat=seat)


def explain(irr: Irregularity, before: Deal, after: Deal) -> Message:
    """The ruling in one sentence: what the remedy does; who plays now and how (the
    article at the end): «la parola sbagliata CNAE di Est diventa CANE ...; Est scarta subito
    (Parole UISP art. 10.1, ...)»."""
    return message(
        "{what}; {now} ({article})",
        what=what(irr, before, after),
        now=now(after),
        article=irr.article,
    )
