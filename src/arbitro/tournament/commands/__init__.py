"""What a director or arbiter may do at each step of an event, and the record each action
makes (FIBAS arts. 4, 7, 19-21, 36-40). Every function checks the action against the state
and returns the record to append, or raises an ArbitroError saying why it is refused."""

from arbitro.tournament.commands.arbiter import (
    arbitral_score,
    give_sanction,
    give_warning,
    record_abandon,
    record_board_ruling,
    record_lateness,
)
from arbitro.tournament.commands.boards import check_board
from arbitro.tournament.commands.cancel import cancel, cancel_game
from arbitro.tournament.commands.constraints import add_constraint
from arbitro.tournament.commands.prizes import record_prize_plan
from arbitro.tournament.commands.rounds import (
    lodge_complaint,
    missing_sheets,
    publish_seating,
    publish_standings,
    resolve_complaint,
    seat,
)
from arbitro.tournament.commands.setup import create_event, register, rename, withdraw
from arbitro.tournament.commands.sheets import (
    CORRECTION_KINDS,
    LINES,
    confirm_sheet,
    correct_sheet,
    enter_sheet,
    sheet_status,
)

__all__ = [
    "CORRECTION_KINDS",
    "LINES",
    "add_constraint",
    "arbitral_score",
    "cancel",
    "cancel_game",
    "check_board",
    "confirm_sheet",
    "correct_sheet",
    "create_event",
    "enter_sheet",
    "give_sanction",
    "give_warning",
    "lodge_complaint",
    "missing_sheets",
    "publish_seating",
    "publish_standings",
    "record_abandon",
    "record_board_ruling",
    "record_lateness",
    "record_prize_plan",
    "register",
    "rename",
    "resolve_complaint",
    "seat",
    "sheet_status",
    "withdraw",
]
