"""Errors of the store that the other layers may catch."""

from __future__ import annotations

from arbitro.errors import ArbitroError


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
            super().__init__(
                it=(
                    f"Il torneo «{event_id}» viene modificato da troppi contemporaneamente: "
                    "riprovare."
                ),
                en=f"Event '{event_id}' is being changed by too many at once: try again.",
                key="store.concurrency",
            )
            return
        now_it = "" if actual_seq is None else f" (ora ne ha {actual_seq})"
        now_en = "" if actual_seq is None else f" (it now has {actual_seq})"
        super().__init__(
            it=(
                f"Il torneo «{event_id}» è stato modificato da qualcun altro nel frattempo: "
                f"ci si aspettava l'ultima registrazione n. {expected_seq}{now_it}. "
                "Ricaricare e riprovare."
            ),
            en=(
                f"Event '{event_id}' was changed by someone else meanwhile: expected its last "
                f"record to be no. {expected_seq}{now_en}. Reload and try again."
            ),
            key="store.concurrency",
        )
