"""Bridge Law 13 (wrong number of cards in a board, seed 003): a law without events of its
own, read by the prepared-deal events of the other codes (``arbitro.games.prepared_deals``);
its articles are in ``bridge_law_13.toml``."""

from __future__ import annotations

from pathlib import Path

from arbitro.codes.registry import CodeSpec, EventKind
from arbitro.i18n import Message

_HERE = Path(__file__).parent
SPEC = CodeSpec(
    id="bridge-law-13",
    game="bridge",
    events=EventKind.NONE,
    name=Message("Bridge — Law 13, wrong number of cards"),
    short_name="Bridge",
    data=_HERE / "bridge_law_13.toml",
    catalogue=_HERE / "catalogue" / "bridge-law-13.json",
    aliases=("bridge", "bridge-13"),
    search_words="bridge",
)
