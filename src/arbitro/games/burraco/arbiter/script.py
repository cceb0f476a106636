"""A text notation for what happens at a table in arbiter mode, one line at a time.

Actions: ``E draw``, ``E pickup``, ``E meld 5H 6H 7D``, ``E layoff 0 9C [low]``,
``E discard KS [hidden 9C]``, ``E expose KS``, ``E look`` (looks at the pozzetto), ``time``
(the arbiter calls time, art. 17).
Rulings: ``rule IRREGULARITY [SEAT] [key=value ...] [flag ...]`` where the irregularity is a
:class:`Irregularity` value (``wrong_meld``, ``missing_draw`` ...) and the keys are
``found`` (at_once, after_discard, later), ``meld`` (meld id), ``cards``, ``healing``,
``prepared``, ``reminded_by`` (seat), ``stage`` (unseen, seen, played), ``pozzetto`` (index),
``arbitral`` (score); flags ``seen``, ``used``, ``not_rebuilt``, ``information``,
``table_acted``. Cards in a value are joined with commas: ``healing=5H,7H``. Blank lines and
``#`` comments are skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from arbitro.cards import Card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter.deal import ArbiterDeal
from arbitro.games.burraco.arbiter.irregularities import Found, Irregularity, PozzettoStage
from arbitro.games.burraco.arbiter.records import Action, Ruling
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import Message, message


def _bad(line: str, why: Message) -> ArbitroError:
    return ArbitroError(
        "bad line {line!r}: {why}",
        line=line,
        why=why,
        article=fibas("arbiter"),
        key="arbiter.bad_script",
    )


def _seat(text: str, line: str) -> Seat:
    try:
        return Seat(text.upper())
    except ValueError:
        raise _bad(line, message("seat {text!r} (N, E, S, W)", text=text)) from None


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace(",", " "))


def run_line(deal: ArbiterDeal, line: str) -> Action | Ruling | None:
    """Apply one line of the notation to ``deal``; returns the action or ruling (None if blank)."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    words = text.split()
    if words[0].lower() == "time" and len(words) == 1:
        deal.call_time()
        return None
    if words[0].lower() == "rule":
        return _rule(deal, words[1:], line)
    seat = _seat(words[0], line)
    verb = words[1].lower() if len(words) > 1 else ""
    rest = words[2:]
    if verb == "draw" and not rest:
        return deal.draw(seat)
    if verb == "pickup" and not rest:
        return deal.pick_up(seat)
    if verb == "look" and not rest:
        return deal.look_at_pozzetto(seat)
    if verb == "meld" and rest:
        return deal.meld(seat, _cards(" ".join(rest)))
    if verb == "expose" and rest:
        return deal.expose(seat, _cards(" ".join(rest)))
    if verb == "layoff" and len(rest) > 1:
        low = rest[-1].lower() == "low"
        try:
            target = int(rest[0])
        except ValueError:
            raise _bad(line, message("meld number")) from None
        return deal.lay_off(seat, target, _cards(" ".join(rest[1 : len(rest) - low])), low=low)
    if verb == "discard" and rest:
        hidden: tuple[Card, ...] = ()
        if len(rest) > 2 and rest[1].lower() == "hidden":
            hidden = _cards(" ".join(rest[2:]))
        elif len(rest) != 1:
            raise _bad(line, message("discard one card"))
        return deal.discard(seat, _cards(rest[0])[0], hidden=hidden)
    raise _bad(line, message("unknown action"))


def _rule(deal: ArbiterDeal, words: Sequence[str], line: str) -> Ruling:
    if not words:
        raise _bad(line, message("the irregularity is missing"))
    try:
        irr = Irregularity(words[0].lower())
    except ValueError:
        names = ", ".join(i.value for i in Irregularity)
        raise _bad(line, message("unknown irregularity ({names})", names=names)) from None
    offender: Seat | None = None
    kw: dict[str, Any] = {}
    for w in words[1:]:
        key, _, value = w.partition("=")
        key = key.lower()
        if not value:
            if key in ("seen", "used", "information", "table_acted"):
                kw[key] = True
            elif key == "not_rebuilt":
                kw["rebuilt"] = False
            elif offender is None and len(w) == 1:
                offender = _seat(w, line)
            else:
                raise _bad(line, message("unknown word {word!r}", word=w))
            continue
        try:
            if key == "found":
                kw["found"] = Found(value.lower())
            elif key == "stage":
                kw["stage"] = PozzettoStage(value.lower())
            elif key in ("meld", "pozzetto"):
                kw[key] = int(value)
            elif key == "arbitral":
                kw["arbitral_score"] = int(value)
            elif key in ("cards", "healing"):
                kw[key] = _cards(value)
            elif key == "prepared":
                kw["prepared"] = _cards(value)[0]
            elif key == "what":
                kw["what"] = value.lower()
            elif key == "reminded_by":
                kw["reminded_by"] = _seat(value, line)
            else:
                raise _bad(line, message("unknown key {key!r}", key=key))
        except ValueError:
            raise _bad(line, message("bad value {value!r}", value=value)) from None
    return deal.rule(irr, offender, **kw)


def run_script(deal: ArbiterDeal, lines: Iterable[str]) -> list[Action | Ruling]:
    """Apply every line to ``deal`` in order; the actions and rulings made."""
    out = []
    for line in lines:
        r = run_line(deal, line)
        if r is not None:
            out.append(r)
    return out


def deal_from_layout(data: Mapping[str, Any]) -> ArbiterDeal:
    """An :class:`ArbiterDeal` from a JSON-like layout: ``hands`` (seat: cards), ``pile``,
    ``stock`` (top first), ``pozzetti``, ``melds`` (line: [cards]), ``taken`` (lines),
    ``dealer``, ``turn``, ``turns_played``."""
    try:
        hands = {Seat(k): _cards(v) for k, v in dict(data.get("hands", {})).items()}
        return ArbiterDeal.from_layout(
            hands,
            pile=_cards(data.get("pile", "")),
            stock=_cards(data.get("stock", "")),
            pozzetti=[_cards(p) for p in data.get("pozzetti", [])],
            melds={Line(k): [_cards(m) for m in v] for k, v in dict(data.get("melds", {})).items()},
            taken=[Line(x) for x in data.get("taken", [])],
            dealer=Seat(data.get("dealer", "N")),
            turn=Seat(data["turn"]) if data.get("turn") else None,
            turns_played=int(data.get("turns_played", 0)),
        )
    except (ValueError, TypeError, AttributeError) as exc:
        raise ArbitroError(
            "bad layout: {error}", error=str(exc), article=fibas("deal"), key="arbiter.bad_layout"
        ) from exc
