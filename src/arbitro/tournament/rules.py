"""What the event machinery needs from the competition code in force, kept importable here:
:class:`EventRules` and :func:`rules_for` live in :mod:`arbitro.codes.event_rules`, each code's
rules in its own module, the list of codes in :mod:`arbitro.codes.registry` (issue 30)."""

from __future__ import annotations

from arbitro.codes.event_rules import EventRules as EventRules
from arbitro.codes.event_rules import rules_for as rules_for
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import EventKind, codes_of

# The built-in codes of events of rounds, by name, for the modules that import them from here.
FIBAS: str = CodeId.BURRACO_FIBAS.value
PAROLE: str = CodeId.BURRACO_PAROLE.value
SCALA40: str = CodeId.SCALA40.value


def __getattr__(name: str) -> tuple[str, ...]:
    """``CODES``: the codes of events of rounds in the registry now (a code registered at run
    time included)."""
    if name == "CODES":
        return codes_of(EventKind.ROUNDS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
