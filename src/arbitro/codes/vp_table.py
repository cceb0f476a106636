"""The shapes of a code's match-point scale, shared by every code of rounds: an MP→VP table
of bands (FIBAS art. 20, "range di riferimento"; each code's own table in its data) and the
rest score of a line without an opponent (FIBAS art. 37). Each code fills them from its own data; the event's rules
(:class:`arbitro.codes.event_rules.EventRules`) hold them, and shared scoring reads them there."""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.i18n import Message, message


@dataclass(frozen=True, slots=True)
class VpBand:
    """One band of an MP→VP table: a difference in ``low..high`` gives ``winner``-``loser``."""

    low: int
    high: int
    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class VpTable:
    """An MP→VP table ("range di riferimento", art. 20) with its label and article."""

    key: str
    label: str
    article: str
    bands: tuple[VpBand, ...]
    beyond: tuple[int, int]
    code: str  # the id of the code whose table it is: its refusals cite that code's "vp"

    @property
    def name(self) -> Message:
        """The table's name in the user's language: "2 deals", "teams (1-4 deals)" (art. 20;
        ``label`` is the code's Italian wording)."""
        if self.key == "teams":
            return message("teams (1-4 deals)")
        deals = int(self.key.rsplit("_", 1)[1])
        if deals == 1:
            return message("1 deal")
        return message("{deals} deals", deals=deals)


@dataclass(frozen=True, slots=True)
class RestScore:
    """The rest score of art. 37 for one number of deals: MP and VP, present and absent line."""

    deals: int
    present_mp: int
    present_vp: int
    absent_mp: int
    absent_vp: int
