"""What the event machinery needs from the competition code in force, kept importable here:
:class:`EventRules` and :func:`rules_for` live in :mod:`arbitro.codes.event_rules`, each code's
rules in its own module, the list of codes in :mod:`arbitro.codes.registry` (issue 30)."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from arbitro.codes.event_rules import EventRules as EventRules
from arbitro.codes.event_rules import rules_for as rules_for
from arbitro.codes.registry import EventKind, code_spec, codes_of, known_code


class _CodesOfRounds(Collection[str]):
    """The codes of events of rounds in the registry now (a code registered at run time
    included); asking whether one code is among them loads only that code's module."""

    def __contains__(self, code: object) -> bool:
        return (
            isinstance(code, str)
            and known_code(code)
            and code_spec(code).events is EventKind.ROUNDS
        )

    def __iter__(self) -> Iterator[str]:
        return iter(codes_of(EventKind.ROUNDS))

    def __len__(self) -> int:
        return len(codes_of(EventKind.ROUNDS))


CODES: Collection[str] = _CodesOfRounds()
