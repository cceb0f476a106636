"""The actions on an event as typed values (:mod:`arbitro.tournament.commands.command`),
one class per action, run by the services' ``run``. Each is imported from its module on
first use (issue 14): registering competitors loads neither the seating's nor the sheets'
nor the boards' commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.lazy_names import lazy_names

if TYPE_CHECKING:
    from arbitro.tournament.commands.values.arbiter import (
        ArbitralScore,
        GivePenalty,
        GiveSanction,
        JudgeWord,
        RecordAbandon,
        RecordLateness,
    )
    from arbitro.tournament.commands.values.boards import (
        CheckBoard,
        RecordBoardRuling,
        RuleWrongCount,
    )
    from arbitro.tournament.commands.values.cancel import (
        Cancel,
    )
    from arbitro.tournament.commands.values.clock import (
        CorrectStart,
        StartRound,
    )
    from arbitro.tournament.commands.values.constraints import (
        AddConstraint,
        AddConstraints,
    )
    from arbitro.tournament.commands.values.entries import (
        CheckIn,
        CheckInAll,
        Readmit,
        Rename,
        Withdraw,
        WithdrawAbsent,
    )
    from arbitro.tournament.commands.values.fees import (
        Pay,
        SetFee,
        Unpay,
    )
    from arbitro.tournament.commands.values.knockout import (
        CancelGame,
        DrawBracket,
        EnterGame,
        PayFee,
        RecordGame,
        RegisterPair,
        WithdrawPair,
    )
    from arbitro.tournament.commands.values.rounds import (
        DecideComplaint,
        LodgeComplaint,
        MoveSeat,
        PublishSeating,
        PublishStandings,
        Redraw,
        ResolveComplaint,
        Seat,
        SwapSeats,
    )
    from arbitro.tournament.commands.values.rulings import (
        GiveGameRuling,
        GiveRuling,
    )
    from arbitro.tournament.commands.values.sheets import (
        ConfirmSheet,
        CorrectSheet,
        EnterSheet,
    )
    from arbitro.tournament.commands.values.standings import (
        ChooseTiebreaks,
        RecordPrizePlan,
    )

# Where each class of the package lives.
_MODULE_OF: dict[str, str] = {
    "AddConstraint": "constraints",
    "AddConstraints": "constraints",
    "ArbitralScore": "arbiter",
    "Cancel": "cancel",
    "CancelGame": "knockout",
    "CheckBoard": "boards",
    "CheckIn": "entries",
    "CheckInAll": "entries",
    "ChooseTiebreaks": "standings",
    "ConfirmSheet": "sheets",
    "CorrectSheet": "sheets",
    "CorrectStart": "clock",
    "DecideComplaint": "rounds",
    "DrawBracket": "knockout",
    "EnterGame": "knockout",
    "EnterSheet": "sheets",
    "GivePenalty": "arbiter",
    "GiveGameRuling": "rulings",
    "GiveRuling": "rulings",
    "GiveSanction": "arbiter",
    "JudgeWord": "arbiter",
    "LodgeComplaint": "rounds",
    "MoveSeat": "rounds",
    "Pay": "fees",
    "PayFee": "knockout",
    "PublishSeating": "rounds",
    "PublishStandings": "rounds",
    "Readmit": "entries",
    "RecordAbandon": "arbiter",
    "RecordBoardRuling": "boards",
    "RecordGame": "knockout",
    "RecordLateness": "arbiter",
    "RecordPrizePlan": "standings",
    "Redraw": "rounds",
    "RegisterPair": "knockout",
    "Rename": "entries",
    "ResolveComplaint": "rounds",
    "RuleWrongCount": "boards",
    "Seat": "rounds",
    "SetFee": "fees",
    "StartRound": "clock",
    "SwapSeats": "rounds",
    "Unpay": "fees",
    "Withdraw": "entries",
    "WithdrawAbsent": "entries",
    "WithdrawPair": "knockout",
}


__getattr__ = lazy_names(__name__, _MODULE_OF, globals())


__all__ = [
    "AddConstraint",
    "AddConstraints",
    "ArbitralScore",
    "Cancel",
    "CancelGame",
    "CheckBoard",
    "CheckIn",
    "CheckInAll",
    "ChooseTiebreaks",
    "ConfirmSheet",
    "CorrectSheet",
    "CorrectStart",
    "DecideComplaint",
    "DrawBracket",
    "EnterGame",
    "EnterSheet",
    "GiveGameRuling",
    "GivePenalty",
    "GiveRuling",
    "GiveSanction",
    "JudgeWord",
    "LodgeComplaint",
    "MoveSeat",
    "Pay",
    "PayFee",
    "PublishSeating",
    "PublishStandings",
    "Readmit",
    "RecordAbandon",
    "RecordBoardRuling",
    "RecordGame",
    "RecordLateness",
    "RecordPrizePlan",
    "Redraw",
    "RegisterPair",
    "Rename",
    "ResolveComplaint",
    "RuleWrongCount",
    "Seat",
    "SetFee",
    "StartRound",
    "SwapSeats",
    "Unpay",
    "Withdraw",
    "WithdrawAbsent",
    "WithdrawPair",
]
