"""One arbiter for every code (issue 31): what the arbiter at the table asks of a code, in one
protocol. A code's :class:`CodeArbiter` lists the irregularities it rules on (each with its
article and the fields that describe it) and rules on a described situation — a position in
the game's notation and the irregularity, or a form of the facts where there is no position
(Bridge Law 13's boards) — giving a :class:`CodeRuling`: the article, the positions before and
after, the effects (cards moved, points, warnings, who plays next) as JSON-ready data that
:func:`effect_message` renders in the code's words. Each code's spec names its arbiter's module
(``CodeSpec.arbiter``), whose ``ARBITER`` is loaded on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core import arbiter as core
from arbitro.games.core.game import Game
from arbitro.games.core.seats import Seat
from arbitro.i18n import Message, msg, verbatim

G = TypeVar("G", bound=Game[Any])


@dataclass(frozen=True, slots=True)
class IrregularityKind:
    """One irregularity a code rules on: its name, its article, what it is (a catalogue
    message) and the fields of the situation that describe it (beside the position)."""

    kind: str
    article: Citation
    label: Message
    fields: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The kind as JSON-ready data (the label rendered in the current language)."""
        return {
            "kind": self.kind,
            "article": self.article.to_json(),
            "label": self.label.render(),
            "fields": list(self.fields),
        }


@dataclass(frozen=True, slots=True)
class RulingWarning:
    """A warning the ruling gives (FIBAS art. 22): the seat warned, the article, why."""

    seat: str
    article: str
    reason: str


@dataclass(frozen=True, slots=True)
class CodeRuling:
    """A code's ruling on a situation: the irregularity and its article, the offender, the
    position before and after (the game's notation; empty without a position), the effects
    (JSON-ready, see :func:`effect_message`), the warnings and the deal's score row where the
    ruling decides it."""

    code: str
    irregularity: str
    article: Citation
    offender: str | None
    before: str
    after: str
    effects: tuple[Mapping[str, Any], ...] = ()
    warnings: tuple[RulingWarning, ...] = ()
    score_row: tuple[int, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        """The ruling as JSON-ready data, each effect with its text in the current language."""
        return {
            "code": self.code,
            "irregularity": self.irregularity,
            "article": self.article.to_json(),
            "offender": self.offender,
            "before": self.before,
            "after": self.after,
            "effects": [dict(e) for e in self.effects],
            "text": [effect_message(e).render() for e in self.effects],
            "warnings": [[w.seat, w.article, w.reason] for w in self.warnings],
            "score_row": None if self.score_row is None else list(self.score_row),
        }


class CodeArbiter(Protocol):
    """A code's arbiter: its irregularities and its ruling on a described situation."""

    code: str

    def irregularities(self) -> tuple[IrregularityKind, ...]:
        """The irregularities the code rules on, with their articles and fields."""
        ...

    def rule(self, situation: Mapping[str, Any]) -> CodeRuling:
        """The ruling on ``situation`` (a JSON object: the position or the facts, the
        irregularity, the offender, its fields); a situation that does not fit is refused
        with an :class:`ArbitroError`."""
        ...

    def facts(self, kind: str) -> tuple[Fact, ...]:
        """The facts the arbiter asks to rule on ``kind``, each typed and described (the
        desk's form per field, issue 31)."""
        ...

    def situation(self, kind: str, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The situation :meth:`rule` reads, from ``kind`` and its facts' values (read by
        :meth:`Fact.read`; a fact left empty is absent)."""
        ...


def effect_message(effect: Mapping[str, Any]) -> Message:
    """One effect of a ruling in words: a frozen meld, penalized cards, a turn interrupted, an
    arbitral score, a new deal, who plays next, or a message of the code itself."""
    kind = effect.get("kind")
    if kind == "message":
        return message_from_json(effect["text"])
    if kind == "freeze":
        return msg("{side}: frozen {what}", side=effect["side"], what=" ".join(effect["what"]))
    if kind == "penalized":
        return msg("{seat}: penalized cards {cards}", seat=effect["seat"], cards=effect["cards"])
    if kind == "turn-ends":
        return msg("{seat}'s turn ends", seat=effect["seat"])
    if kind == "arbitral-score":
        points = ", ".join(f"{k} {v}" for k, v in dict(effect["points"]).items())
        return msg("arbitral score: {points}", points=points)
    if kind == "new-deal":
        return msg("the deal is dealt again")
    if kind == "next":
        return msg("next to play: {seat}", seat=effect["seat"])
    if kind == "warning":
        return msg("{seat} is warned ({article})", seat=effect["seat"], article=effect["article"])
    return verbatim(str(dict(effect)))


def message_from_json(data: Mapping[str, Any]) -> Message:
    """A message written as JSON-ready data (its msgid and parameters, a parameter that is
    itself a message in the same form, a citation as its JSON), read back."""

    def param(value: Any) -> Any:
        if isinstance(value, Mapping) and "msgid" in value:
            return message_from_json(value)
        if isinstance(value, Mapping) and set(value) == {"code", "article"}:
            return Citation.from_json(dict(value))
        return value

    params = {k: param(v) for k, v in dict(data.get("params", {})).items()}
    return Message(str(data["msgid"]), params, data.get("context"))


def message_json(text: Message) -> dict[str, Any]:
    """A message as JSON-ready data (see :func:`message_from_json`)."""
    out: dict[str, Any] = {"msgid": text.msgid}
    if text.params:
        out["params"] = {k: _json_param(v) for k, v in text.params.items()}
    if text.context:
        out["context"] = text.context
    return out


def _json_param(value: object) -> object:
    if isinstance(value, Message):
        return message_json(value)
    if isinstance(value, Citation):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): _json_param(v) for k, v in value.items()}
    return value


def record_effects(records: Sequence[core.ArbiterRecord]) -> list[dict[str, Any]]:
    """The core's records of a ruling (:mod:`arbitro.games.core.arbiter`) as effects."""
    out: list[dict[str, Any]] = []
    for r in records:
        match r:
            case core.Freeze():
                out.append({"kind": "freeze", "side": _name(r.side), "what": list(r.what)})
            case core.PenalizedCards():
                cards = " ".join(str(c) for c in r.cards)
                out.append({"kind": "penalized", "seat": r.seat.value, "cards": cards})
            case core.InterruptedTurn():
                out.append({"kind": "turn-ends", "seat": r.seat.value})
            case core.ArbitralScore():
                points = {_name(s): p for s, p in r.points.items()}
                out.append({"kind": "arbitral-score", "points": points})
            case core.NewDeal():
                out.append({"kind": "new-deal", "reason": r.reason})
    return out


def _name(side: object) -> str:
    value = getattr(side, "value", side)
    return str(value if not isinstance(value, tuple) else "".join(map(str, value)))


def field_value(situation: Mapping[str, Any], name: str) -> Any:
    """A field of the situation, or the refusal naming it."""
    if name not in situation:
        raise ArbitroError("the situation lacks «{field}»", field=name)
    return situation[name]


@dataclass(frozen=True, slots=True)
class RemediesArbiter(Generic[G]):
    """The :class:`CodeArbiter` of a code whose engine has the core's remedies
    (:class:`~arbitro.games.core.arbiter.Remedies`): the situation is ``position`` (the game's
    notation), ``irregularity`` (a kind), ``offender`` (N, E, S, W) and the kind's fields."""

    code: str
    parse: Callable[[str], G]
    remedies: core.Remedies[G]
    article: Callable[[str], Citation]
    labels: Mapping[str, Message]
    fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seat: Callable[[str], Any] = Seat
    row: Callable[[G, Mapping[Any, int]], tuple[int, ...]] | None = None
    """The deal's sheet row of an arbitral score (the new position and the points by side),
    where the code's sheet takes one (Scala 40 art. 14); None: its rulings score no deal."""
    described: Mapping[str, Fact] = field(default_factory=dict)
    notation: Message | None = None
    seats: tuple[str, ...] = ("N", "E", "S", "W")
    explain: Callable[[core.Irregularity, G, G], Message] | None = None
    """The ruling in a sentence a player understands (the irregularity, the position before
    and after): what the remedy does, who plays now and how, the article; shown first among
    the effects, and the generic «next to play» is then left out (the sentence says it).
    None: the effects alone, who plays next last."""

    def irregularities(self) -> tuple[IrregularityKind, ...]:
        """Every kind of the code's remedies, with its article, label and fields."""
        return tuple(
            IrregularityKind(k, self.article(k), self.labels[k], self.fields.get(k, ()))
            for k in self.remedies
        )

    def rule(self, situation: Mapping[str, Any]) -> CodeRuling:
        """The remedy of the situation's irregularity applied to its position."""
        kind = str(field_value(situation, "irregularity"))
        if kind not in self.remedies:
            raise ArbitroError(
                "unknown irregularity «{kind}» (known: {known})",
                kind=kind,
                known=", ".join(self.remedies),
            )
        before = self.parse(str(field_value(situation, "position")))
        offender = self.seat(str(field_value(situation, "offender")).upper())
        details = {k: v for k, v in situation.items() if k in self.fields.get(kind, ())}
        irr = core.Irregularity(kind, self.article(kind), offender, details)
        ruling = self.remedies.rule(before, irr)
        after = ruling.position
        effects = record_effects(ruling.records)
        if self.explain is not None:
            said = self.explain(irr, before, after)
            effects.insert(0, {"kind": "message", "text": message_json(said)})
        if not after.is_over and self.explain is None:  # a sentence says who plays now
            effects.append({"kind": "next", "seat": after.turn.value})
        score_row = None
        if self.row is not None:
            for r in ruling.records:
                if isinstance(r, core.ArbitralScore):
                    score_row = self.row(after, r.points)
        return CodeRuling(
            self.code,
            kind,
            irr.article,
            offender.value,
            str(before),
            str(after),
            tuple(effects),
            score_row=score_row,
        )

    def facts(self, kind: str) -> tuple[Fact, ...]:
        """The position (the game's notation, :attr:`notation` its hint), the offender's seat,
        then each field of ``kind`` as the game describes it (:attr:`described`)."""
        out = [
            Fact(
                "position",
                FactKind.POSITION,
                Message("The position"),
                self.notation,
                True,
                check=self.parse,
            ),
            Fact("offender", FactKind.SEAT, Message("Offender"), None, True, self.seats),
        ]
        for name in self.fields.get(kind, ()):
            out.append(self.described.get(name) or Fact(name, FactKind.TEXT, verbatim(name)))
        return tuple(out)

    def situation(self, kind: str, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The irregularity and its facts as they are (the remedies read them by name)."""
        return {"irregularity": kind, **facts}


class FactKind(StrEnum):
    """How a fact of a situation is typed at the desk: a position in the game's notation, a
    seat, a whole number, whole numbers, yes or no, a word, cards, lines (one action or play a
    line), one of some choices, or points per seat."""

    POSITION = "position"
    SEAT = "seat"
    NUMBER = "number"
    NUMBERS = "numbers"
    YES_NO = "yes-no"
    TEXT = "text"
    CARDS = "cards"
    LINES = "lines"
    CHOICE = "choice"
    POINTS = "points"


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact a code's arbiter asks to rule (issue 31): its name in the situation, its type,
    its label and hint (catalogue messages), whether it is required, its choices (the seats of
    a seat, the values of a choice, the seats of points per seat), its default and the
    choices' words."""

    name: str
    kind: FactKind
    label: Message
    hint: Message | None = None
    required: bool = False
    choices: tuple[str, ...] = ()
    default: str | int | bool | None = None
    labels: tuple[Message, ...] = ()  # the choices' words, in their order (else the choices)
    check: Callable[[str], object] | None = None  # a position's reader (the game's notation)

    def as_json(self) -> dict[str, Any]:
        """The fact as an API client builds its field from it (issue 31): name, type, label
        and hint in the current language, required, default and the allowed values with their
        words (a seat's seats, a choice's values, the seats of points per seat). The
        default is what :meth:`read` gives a fact left empty."""
        return {
            "name": self.name,
            "type": self.kind.value,
            "label": self.label.render(),
            "hint": None if self.hint is None else self.hint.render(),
            "required": self.required,
            # a yes/no left empty is no (:meth:`read`)
            "default": False if self.kind is FactKind.YES_NO else self.default,
            "choices": [
                {"value": value, "label": word.render()} for value, word in self.choice_labels()
            ],
        }

    def choice_labels(self) -> tuple[tuple[str, Message], ...]:
        """Each choice with its words (:attr:`labels`, else the choice itself)."""
        words = self.labels or tuple(verbatim(c) for c in self.choices)
        return tuple(zip(self.choices, words, strict=True))

    def read(self, text: str) -> Any:
        """The fact's value from its text as typed (left empty: its default, else None and the
        fact is absent; a yes/no left empty is no); a text that does not fit its type is
        refused with an :class:`ArbitroError` naming the field. A yes/no reads "on", "yes",
        "true", "1" as yes; numbers are whole, written apart; points per seat are written
        ``N=10 E=-5``; lines keep each line not blank."""
        raw = text.strip()
        if not raw:
            if self.kind is FactKind.YES_NO:  # a box left unticked, whatever it showed first
                return False
            if self.default is not None:
                return self.default
            if self.required:
                raise ArbitroError("{what}: required", what=self.label)
            return None
        match self.kind:
            case FactKind.YES_NO:
                return raw.lower() in ("on", "yes", "true", "1", "si", "sì")
            case FactKind.NUMBER:
                return self._number(raw)
            case FactKind.NUMBERS:
                return [self._number(w) for w in raw.replace(",", " ").split()]
            case FactKind.LINES:
                return [line.strip() for line in raw.splitlines() if line.strip()]
            case FactKind.POINTS:
                return self._points(raw)
            case FactKind.POSITION:
                return self._position(raw)
            case FactKind.SEAT | FactKind.CHOICE:
                value = raw.upper() if self.kind is FactKind.SEAT else raw
                if self.choices and value not in self.choices:
                    raise ArbitroError(
                        "{what}: «{raw}» is not one of {choices}",
                        what=self.label,
                        raw=raw,
                        choices=", ".join(self.choices),
                    )
                return value
        return raw

    def _position(self, raw: str) -> str:
        """A position read by :attr:`check`; one that does not parse is refused saying which
        line (the first the engine's message quotes, else the first) and why."""
        if self.check is None:
            return raw
        try:
            self.check(raw)
        except ArbitroError as exc:
            text = exc.message("en") + exc.message("it")
            lines = [i for i, ln in enumerate(raw.splitlines(), 1) if ln.strip() in text]
            raise ArbitroError(
                "{what}, line {line}: {error}",
                what=self.label,
                line=lines[0] if lines else 1,
                error=exc.msg,
                article=exc.article,
            ) from None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            # The parser's own words are Python's, in English: the arbiter is told what to
            # check, in the page's language, and shown the notation's example by the field.
            raise ArbitroError(
                "{what}: not a position in the game's notation; write it as the example "
                "under the field does",
                what=self.label,
            ) from None
        return raw

    def _number(self, raw: str) -> int:
        try:
            return int(raw)
        except ValueError:
            raise ArbitroError(
                "{what}: «{raw}» is not a whole number", what=self.label, raw=raw
            ) from None

    def _points(self, raw: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for word in raw.replace(",", " ").split():
            seat, sep, points = word.partition("=")
            if not sep or (self.choices and seat.upper() not in self.choices):
                raise ArbitroError(
                    "{what}: «{raw}»: write each seat's points as N=10",
                    what=self.label,
                    raw=word,
                )
            out[seat.upper()] = self._number(points)
        return out
