"""One way to run an action (issue 30): the edges build a command value
(:mod:`arbitro.tournament.commands.values`) and run it with ``EventService.run``; the service
has no method that only repeats a command's signature to run it. Checked on the syntax tree of
``services/events.py``: a method whose body, its docstring, imports and plain assignments
aside, is one ``self.run(...)`` (or ``self.run_outside(...)``) of one command value is a
delegation, and refused."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from arbitro.services import events, knockout
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.commands import values

EVENTS = Path(events.__file__)
KNOCKOUT = Path(knockout.__file__)

# The command values' classes: the package's, and the registrations' (services/registering.py).
COMMANDS = {*values.__all__, "Register", "RegisterMany"}

RUNS = {"run", "run_outside"}


def _class_name(node: ast.expr) -> str | None:
    """``values.Withdraw`` and ``Withdraw`` both name ``Withdraw``."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _builds_command(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _class_name(node.func) in COMMANDS


def _plain(stmt: ast.stmt) -> bool:
    """A statement that adds no step: an import, a docstring, a name bound to a constant, a
    name, an attribute or a command value."""
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return True
    return isinstance(stmt, ast.Assign) and (
        isinstance(stmt.value, ast.Constant | ast.Name | ast.Attribute)
        or _builds_command(stmt.value)
    )


def _runs_one_command(stmt: ast.stmt, bound: dict[str, ast.expr]) -> bool:
    """``[return] self.run(event_id, <a command value>)``, the value built in place or bound
    to a name just before."""
    if not isinstance(stmt, ast.Return | ast.Expr) or stmt.value is None:
        return False
    call = stmt.value
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in RUNS
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "self"
        and len(call.args) == 2
    ):
        return False
    command = call.args[1]
    if isinstance(command, ast.Name) and command.id in bound:
        command = bound[command.id]
    return _builds_command(command)


def delegations(source: str, class_name: str = "EventService") -> list[str]:
    """The methods of ``class_name`` in ``source`` that only run one command value."""
    tree = ast.parse(source)
    found: list[str] = []
    for cls in ast.walk(tree):
        if not (isinstance(cls, ast.ClassDef) and cls.name == class_name):
            continue
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef):
                continue
            bound = {
                target.id: stmt.value
                for stmt in method.body
                if isinstance(stmt, ast.Assign)
                for target in stmt.targets
                if isinstance(target, ast.Name)
            }
            steps = [s for s in method.body if not _plain(s)]
            if len(steps) == 1 and _runs_one_command(steps[0], bound):
                found.append(method.name)
    return found


def test_the_check_finds_the_delegations_issue_30_removed() -> None:
    """The forms the service's methods had before issue 30 are found (a check that finds
    nothing proves nothing): a value built in place, returned or not, one bound to a name,
    a constant bound first (``give_warning``), a registration run outside the lock."""
    old = textwrap.dedent(
        '''
        class EventService:
            def withdraw(self, event_id, competitor, reason=None, actor="director"):
                """Withdraw a competitor."""
                return self.run(event_id, values.Withdraw(competitor, reason, actor))

            def cancel(self, event_id, seq, reason, actor="director"):
                self.run(event_id, values.Cancel(seq, reason, actor))

            def register(self, event_id, name, players=(), actor="director", late=None):
                return self.run(event_id, Register(name, players, actor, late))

            def give_warning(self, event_id, round_number, competitor, reason, actor="arbiter"):
                warning = SanctionKind.WARNING
                self.run(
                    event_id,
                    values.GiveSanction(round_number, competitor, warning, reason, actor=actor),
                )

            def enter(self, event_id, round_number, table, entry):
                from arbitro.tournament.commands import values

                enter = values.EnterSheet(round_number, table, entry)
                return self.run(event_id, enter)

            def register_all(self, event_id, lines):
                return self.run_outside(event_id, RegisterMany(lines))
        '''
    )
    assert delegations(old) == [
        "withdraw",
        "cancel",
        "register",
        "give_warning",
        "enter",
        "register_all",
    ]


def test_the_check_lets_a_use_case_of_several_steps_or_a_query_be() -> None:
    """What does more than run one command stays: two commands as one step (``seat``), a
    command wrapped in another (a phone's sheet sealed), rows made lines first
    (``register_many``), a guarded run, a query."""
    kept = textwrap.dedent(
        """
        class EventService:
            def seat(self, event_id, round_number, publish=False):
                with self._lock:
                    self.run(event_id, values.Seat(round_number))
                    if publish:
                        self.run(event_id, values.PublishSeating(round_number))
                    return self._cache[event_id]

            def enter_sheet(self, event_id, round_number, table, entry, seal=None):
                enter = values.EnterSheet(round_number, table, entry)
                return self.run(event_id, Sealed(enter, event_id, seal))

            def register_many(self, event_id, rows):
                lines = [FileRow(n, r[0], list(r[1])) for n, r in enumerate(rows, start=1)]
                return self.run_outside(event_id, RegisterMany(lines))

            def add_constraints(self, event_id, pairs):
                if pairs:
                    self.run(event_id, values.AddConstraints(pairs))

            def standings(self, event_id):
                return standings(self.state(event_id))
        """
    )
    assert delegations(kept) == []


def test_the_event_service_has_no_method_that_only_runs_one_command() -> None:
    """A new action is its command value and its fold, run by the edges with ``run``; no
    method of ``EventService`` repeats its signature (issue 30)."""
    assert delegations(EVENTS.read_text(encoding="utf-8")) == []


def test_the_event_service_runs_what_its_old_delegations_ran() -> None:
    """The command values the edges now build are the package's (the check looks for the
    names the package exports), and the service has none of the removed methods left."""
    assert {"Withdraw", "Cancel", "GiveSanction", "EnterSheet", "PublishStandings"} <= COMMANDS
    removed = {"register", "withdraw", "cancel", "give_warning", "publish_standings", "pay"}
    assert not removed & set(vars(EventService))


def test_the_knockout_service_has_no_method_that_only_runs_one_command() -> None:
    """The knockout's actions too are command values run by the edges with ``run`` (issue
    30): ``KnockoutService`` keeps what does more than run one (create, the bots' games)."""
    assert delegations(KNOCKOUT.read_text(encoding="utf-8"), "KnockoutService") == []


def test_the_check_finds_the_knockout_delegations_issue_30_removed() -> None:
    """The forms ``KnockoutService``'s methods had before issue 30 are found."""
    old = textwrap.dedent(
        '''
        class KnockoutService(EventLog[ko.KnockoutState]):
            def register(self, event_id, name, players=(), *, paid=True):
                """Register a pair with its entry fee; returns its number."""
                return self.run(event_id, values.RegisterPair(name, players, paid))

            def draw(self, event_id, seed=None):
                self.run(event_id, values.DrawBracket(seed))

            def record_game(self, event_id, report, *, reason=None, actor="arbiter"):
                self.run(event_id, values.RecordGame(report, reason, actor))
        '''
    )
    assert delegations(old, "KnockoutService") == ["register", "draw", "record_game"]


def test_the_knockout_service_runs_what_its_old_delegations_ran() -> None:
    """The knockout's command values are the package's, and the service has none of the
    removed methods left."""
    kinds = {"RegisterPair", "PayFee", "WithdrawPair", "EnterGame", "DrawBracket", "RecordGame"}
    assert kinds | {"CancelGame"} <= COMMANDS
    removed = {"register", "pay", "withdraw", "enter", "draw", "record_game", "cancel_game"}
    assert not removed & set(vars(KnockoutService))
