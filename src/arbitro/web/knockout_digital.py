"""The seats of a knockout match played at a digital table (issue 32), as its phone page
(``/km/{token}``, reached by the QR code on the match card) lists them: each seat's link,
with the pair that sits there (the match's first pair N-S, the second E-W)."""

from __future__ import annotations

from typing import Any

from arbitro.i18n.seats import SEAT_NAMES
from arbitro.tournament.knockout_digital import match_key
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.web.digital_table import seat_path


def seat_links(secret: bytes, state: KnockoutState, match_id: str) -> list[dict[str, Any]]:
    """The match's seats at its digital table, each with its link (its code in it, kept by
    the phone that opens it), its name (a :class:`Message`: «Ovest» in Italian) and its
    pair; none while the match is not digital or is decided."""
    if state.bracket is None:
        return []
    m = state.bracket.match(match_id)
    key = match_key(m)
    t = state.digital.get(key)
    if t is None or m.winner is not None:
        return []
    pair_of = {"NS": m.first, "EW": m.second}
    links = []
    for seat in t.engine.seats:
        pair = pair_of[seat.line.value]
        name = state.pairs[pair].name if pair in state.pairs else str(pair)
        path = seat_path(secret, state.event_id, key[1], key[0], seat.value)
        robot = seat.value in t.current.robots
        said = SEAT_NAMES[seat.value]  # «Ovest» on an Italian page, not «W»
        links.append({"seat": seat.value, "name": said, "pair": name, "path": path, "robot": robot})
    return links
