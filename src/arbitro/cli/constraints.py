"""``arbitro constraint``: pairs that must not meet (same club, family, the director's list),
kept apart by the draw, the Mitchell step and (modified) Danish where possible (FIBAS art. 4).

``constraint add EVENT A B --reason family [--note TEXT]``, ``constraint list EVENT``,
``constraint cancel EVENT SEQ --reason TEXT`` (the event's cancellation of an action) and
``constraint add-clubs EVENT`` (every pair with players of one club in the registry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli import words
from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    command_group,
    emit,
    errors,
    open_store,
    service,
)
from arbitro.i18n import _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.services import club_constraints as club_constraints_service
    from arbitro.tournament.commands import values
    from arbitro.tournament.pairing_constraints import Constraint
else:
    # Loaded on first use: the command line's start-up (issue 14).
    club_constraints_service = lazy_module("arbitro.services.club_constraints")
    values = lazy_module("arbitro.tournament.commands.values")

REASONS = ("club", "family", "director")  # ConstraintReason's values, without importing it


def constraint_line(c: Constraint) -> str:
    """One constraint in a line: its record number, the two competitors, the reason, the
    note."""
    text = _(
        "#{seq}  {first} {first_name} – {second} {second_name} ({reason})",
        seq=c.seq,
        first=c.first,
        first_name=c.first_name,
        second=c.second,
        second_name=c.second_name,
        reason=render(c.reason_name),
    )
    return f"{text}  {c.note}" if c.note else text


def register(app: typer.Typer) -> None:
    """Add the ``constraint`` group to ``app``."""
    group = command_group(
        app, "constraint", _("Pairs that must not meet (same club, family, director's list).")
    )

    @group.command("add", help=_("Keep two competitors apart."))
    def add(
        event_id: EventArg,
        first: CompArg,
        second: CompArg,
        reason: Annotated[
            str,
            typer.Option(
                help=_(
                    "Why: {reasons} (same club, family, the director's list)",
                    reasons=words.choices(words.CONSTRAINT_WORDS),
                ),
                show_default=render(words.CONSTRAINT_WORDS["director"]),
            ),
        ] = "director",
        note: Annotated[str, typer.Option(help=_("A note for the director"))] = "",
        json_out: bool = JsonOpt,
    ) -> None:
        """Record that two competitors must not meet (FIBAS art. 4)."""
        with errors(json_out):
            why = words.typed(words.CONSTRAINT_WORDS, reason, "--reason")
            seq = service().run(event_id, values.AddConstraint(first, second, why, note))
            emit(
                {"seq": seq, "first": min(first, second), "second": max(first, second)},
                _(
                    "Constraint #{seq} recorded: {first} and {second} are kept apart where "
                    "possible",
                    seq=seq,
                    first=first,
                    second=second,
                ),
                json_out,
            )

    @group.command("add-clubs", help=_("Keep apart the competitors with players of the same club."))
    def add_clubs(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Same-club constraints from the registry's clubs of the players linked to the
        event's competitors (FIBAS art. 4)."""
        with errors(json_out), open_store() as store:
            added = club_constraints_service.add_club_constraints(service(store), event_id)
            lines = [
                _("{first} – {second} ({club})", first=a, second=b, club=club)
                for a, b, club in added
            ]
            head = _("Same-club constraints added: {count}", count=len(added))
            emit(
                [{"first": a, "second": b, "club": club} for a, b, club in added],
                "\n".join([head, *lines]),
                json_out,
            )

    @group.command("list", help=_("List the pairs that must not meet."))
    def list_(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """The constraints in force (FIBAS art. 4)."""
        with errors(json_out):
            found = service().constraints(event_id)
            data = [
                {
                    "seq": c.seq,
                    "first": c.first,
                    "second": c.second,
                    "reason": c.reason.value,
                    "note": c.note,
                }
                for c in found
            ]
            text = "\n".join(constraint_line(c) for c in found) or _("No constraint.")
            emit(data, text, json_out)

    @group.command("cancel", help=_("Cancel a constraint (the record stays in the log)."))
    def cancel(
        event_id: EventArg,
        seq: Annotated[int, typer.Argument(help=_("The constraint's record number"))],
        reason: Annotated[str, typer.Option(help=_("Why it is cancelled"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Cancel a constraint like every action: a new record says who and why."""
        with errors(json_out):
            service().run(event_id, values.Cancel(seq, reason))
            emit({"cancelled": seq}, _("Record #{seq} cancelled", seq=seq), json_out)
