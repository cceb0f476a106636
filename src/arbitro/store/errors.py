"""Errors of the store that the other layers may catch."""

from __future__ import annotations

from arbitro.errors import ArbitroError
from arbitro.i18n import message


class ConcurrencyError(ArbitroError):
    """Someone appended to the event meanwhile: the caller's ``expected_seq`` is out of date.

    The caller should read the new records, decide again and retry.
    """

    def __init__(
        self, event_id: str, expected_seq: int | None, actual_seq: int | None = None
    ) -> None:
        self.event_id = event_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq
        if expected_seq is None:  # an append without expected_seq lost every retry
            text = message(
                "Event '{event}' is being changed by too many at once: try again.", event=event_id
            )
        elif actual_seq is None:
            text = message(
                "Event '{event}' was changed by someone else meanwhile: expected its last record "
                "to be no. {expected}. Reload and try again.",
                event=event_id,
                expected=expected_seq,
            )
        else:
            text = message(
                "Event '{event}' was changed by someone else meanwhile: expected its last record "
                "to be no. {expected} (it now has {actual}). Reload and try again.",
                event=event_id,
                expected=expected_seq,
                actual=actual_seq,
            )
        super().__init__(text, key="store.concurrency")
