"""The Burraco Parole arbiter (``CodeSpec.arbiter`` of Parole UISP, issue 31), reading its
positions' words with the shared Italian dictionary (art. 4.1). The engine opens no dictionary:
this module, imported only when an arbiter first asks for the code's arbiter, is where the
edge's dictionary is given to it."""

from __future__ import annotations

from typing import Final

from arbitro.games.parole.arbiter import code_arbiter
from arbitro.lexicon.hunspell import italian

ARBITER: Final = code_arbiter(italian())
"""The Parole arbiter with the Italian dictionary."""
