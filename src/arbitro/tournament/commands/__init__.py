"""What a director or arbiter may do at each step of an event, and the record each action
makes (FIBAS arts. 4, 7, 19-21, 36-40). Every function checks the action against the state
and returns the record to append, or raises an ArbitroError saying why it is refused.

The functions are imported from their modules on first use (issue 14): a command line that
registers competitors loads neither the seating movements nor the standings nor the boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.lazy_names import lazy_names

# Imported at once: the function ``cancel`` has the name of its module, which importing the
# module (as the fees' commands do) would otherwise set on the package in its place.
from arbitro.tournament.commands.cancel import cancel, cancel_game

if TYPE_CHECKING:
    from arbitro.tournament.commands.arbiter import (
        arbitral_score,
        give_penalty,
        give_sanction,
        give_warning,
        record_abandon,
        record_board_ruling,
        record_lateness,
    )
    from arbitro.tournament.commands.boards import check_board
    from arbitro.tournament.commands.constraints import add_constraint
    from arbitro.tournament.commands.prizes import record_prize_plan
    from arbitro.tournament.commands.rounds import (
        PUBLISH_GONE,
        lodge_complaint,
        missing_sheets,
        publish_seating,
        publish_standings,
        resolve_complaint,
        seat,
        seated_but_gone,
        seats_gone_refusal,
    )
    from arbitro.tournament.commands.setup import (
        create_event,
        readmit,
        register,
        rename,
        withdraw,
    )
    from arbitro.tournament.commands.sheets import (
        CONFIRM_CONFLICT,
        CORRECTION_KINDS,
        LINES,
        confirm_sheet,
        correct_sheet,
        enter_sheet,
        sheet_status,
    )
    from arbitro.tournament.commands.tiebreaks import choose_tiebreaks

# Where each function of the package lives.
_MODULE_OF: dict[str, str] = {
    "arbitral_score": "arbiter",
    "give_penalty": "arbiter",
    "give_sanction": "arbiter",
    "give_warning": "arbiter",
    "record_abandon": "arbiter",
    "record_board_ruling": "arbiter",
    "record_lateness": "arbiter",
    "check_board": "boards",
    "add_constraint": "constraints",
    "record_prize_plan": "prizes",
    "lodge_complaint": "rounds",
    "missing_sheets": "rounds",
    "PUBLISH_GONE": "rounds",
    "publish_seating": "rounds",
    "publish_standings": "rounds",
    "resolve_complaint": "rounds",
    "seat": "rounds",
    "seated_but_gone": "rounds",
    "seats_gone_refusal": "rounds",
    "create_event": "setup",
    "readmit": "setup",
    "register": "setup",
    "rename": "setup",
    "withdraw": "setup",
    "CONFIRM_CONFLICT": "sheets",
    "CORRECTION_KINDS": "sheets",
    "LINES": "sheets",
    "confirm_sheet": "sheets",
    "correct_sheet": "sheets",
    "enter_sheet": "sheets",
    "sheet_status": "sheets",
    "choose_tiebreaks": "tiebreaks",
}


__getattr__ = lazy_names(__name__, _MODULE_OF, globals())


__all__ = [
    "CONFIRM_CONFLICT",
    "CORRECTION_KINDS",
    "LINES",
    "PUBLISH_GONE",
    "add_constraint",
    "arbitral_score",
    "cancel",
    "cancel_game",
    "check_board",
    "choose_tiebreaks",
    "confirm_sheet",
    "correct_sheet",
    "create_event",
    "enter_sheet",
    "give_penalty",
    "give_sanction",
    "give_warning",
    "lodge_complaint",
    "missing_sheets",
    "publish_seating",
    "publish_standings",
    "readmit",
    "record_abandon",
    "record_board_ruling",
    "record_lateness",
    "record_prize_plan",
    "register",
    "rename",
    "resolve_complaint",
    "seat",
    "seated_but_gone",
    "seats_gone_refusal",
    "sheet_status",
    "withdraw",
]
