"""Shared plumbing of the CLI: the database option, the service, output and the one error path.

Every text comes from the message catalogue (:mod:`arbitro.i18n`): ``_("msgid", x=1)`` renders
in the run's language (``--lang`` / ``ARBITRO_LANG``, Italian by default). Help texts are
rendered when the modules are imported, in the language of ``ARBITRO_LANG``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, _, current_lang
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import json

    from arbitro import store
    from arbitro.cli import terminal_knockouts, terminal_services
    from arbitro.services.events import EventService
    from arbitro.services.knockout import KnockoutService
    from arbitro.tournament.sheets import form
else:
    # Loaded on first use: the command line's start-up (issue 14).
    json = lazy_module("json")
    terminal_services = lazy_module("arbitro.cli.terminal_services")
    terminal_knockouts = lazy_module("arbitro.cli.terminal_knockouts")
    store = lazy_module("arbitro.store")
    form = lazy_module("arbitro.tournament.sheets.form")

JsonOpt = typer.Option(False, "--json", help=_("Output as JSON."))
EventArg = Annotated[str, typer.Argument(help=_("Event id"))]
RoundArg = Annotated[int, typer.Argument(help=_("Round"))]
TableArg = Annotated[int, typer.Argument(help=_("Table"))]
CompArg = Annotated[int, typer.Argument(help=_("Competitor number"))]
NameOpt = Annotated[str, typer.Option(help=_("Event name"))]
LineT = TypeVar("LineT", bound=Enum)


def lang() -> str:
    """The run's language: ``it`` or ``en`` (``--lang``, else ``ARBITRO_LANG``)."""
    return current_lang()


def cited(msgid: str, code: CodeId | str, topic: str) -> str:
    """``msgid`` in the run's language, its ``{article}`` the article of ``topic`` in ``code``
    (from the code's TOML: a help text never writes an article number)."""
    return _(msgid, article=cite(code, topic))


def command_group(app: typer.Typer, name: str, help_text: str) -> typer.Typer:
    """A new command group ``name`` of ``app`` (its help shown when called without a
    command)."""
    group = typer.Typer(name=name, help=help_text, no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name=name)
    return group


def open_store() -> store.RecordStore:
    """The record store of ``--db`` / ``ARBITRO_DATABASE_URL``."""
    return store.RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))


def service(on: store.RecordStore | None = None) -> EventService:
    """An EventService on the database of ``--db`` / ``ARBITRO_DATABASE_URL`` (or on the store
    ``on`` a command has opened), every change it records signed by who acts at the terminal
    (:mod:`arbitro.cli.terminal_services`: the one place every recording command names its
    director, FIBAS art. 19-21, 36-41)."""
    return terminal_services.TerminalEvents(open_store() if on is None else on)


def knockouts() -> KnockoutService:
    """A KnockoutService on the database of ``--db`` / ``ARBITRO_DATABASE_URL``, every change
    it records signed by who acts at the terminal, as :func:`service`'s."""
    return terminal_knockouts.TerminalKnockouts(open_store())


def _default(o: Any) -> Any:
    if isinstance(o, datetime):
        return o.isoformat()
    if isinstance(o, Enum):
        return o.value
    if isinstance(o, Message):
        return o.render()
    if is_dataclass(o) and not isinstance(o, type):
        return asdict(o)
    names = getattr(type(o), "__struct_fields__", None)  # a record's body (a msgspec Struct)
    if names is not None and not isinstance(o, type):
        return {n: getattr(o, n) for n in names}
    if isinstance(o, tuple | set | frozenset):
        return list(o)
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")


def dumps(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON text (dates, enums, dataclasses, Structs and messages converted)."""
    return json.dumps(data, default=_default, ensure_ascii=False, indent=indent)


def emit(data: Any, text: str, as_json: bool) -> None:
    """Print ``data`` as JSON, or ``text``."""
    typer.echo(dumps(data) if as_json else text)


def record(json_out: bool, action: Callable[[EventService], object], data: Any, text: str) -> None:
    """Do ``action`` on the event service and report it: ``data`` as JSON, or ``text`` (a
    refused action takes the one error path)."""
    with errors(json_out):
        action(service())
        emit(data, text, json_out)


def event_created(event_id: str, name: str, data: Any, json_out: bool) -> None:
    """Report a new event (of rounds or a knockout): ``data`` as JSON, or a line naming it."""
    emit(data, _("Event «{name}» created: {event}", name=name, event=event_id), json_out)


def fail(exc: ArbitroError, as_json: bool = False) -> NoReturn:
    """Report a refused action and exit with status 1: ``{"error": ...}`` on stdout with
    ``--json``, else ``Errore: ...`` on stderr. (Status 2 is left to Typer's usage errors.)"""
    if as_json:
        typer.echo(dumps({"error": exc.to_json()}, indent=None))
    else:
        typer.echo(_("Error: {message}", message=exc.message()), err=True)
    sys.stdout.flush()
    raise typer.Exit(1)


@contextmanager
def errors(as_json: bool = False) -> Iterator[None]:
    """The CLI's one error path: an ArbitroError becomes a clear message (JSON with
    ``--json``) and exit status 1."""
    try:
        yield
    except ArbitroError as exc:
        fail(exc, as_json)
    except OSError as exc:  # a file or a port the user named
        fail(
            ArbitroError(
                "cannot use {file}: {reason}",
                file=exc.filename or "",
                reason=exc.strerror or str(exc),
                key="cli.os",
            ),
            as_json,
        )


@contextmanager
def malformed(what: Message | str) -> Iterator[None]:
    """Turn the KeyError, ValueError, TypeError or AttributeError of reading user-given data (a
    JSON file, an option) into an ArbitroError naming ``what``: never a traceback."""
    try:
        yield
    except ArbitroError:
        raise
    except KeyError as exc:
        raise ArbitroError(
            "{what}: the key {name} is missing", what=what, name=exc.args[0] if exc.args else ""
        ) from None
    except (ValueError, TypeError, AttributeError) as exc:
        raise ArbitroError(
            "{what}: malformed data ({detail})", what=what, detail=str(exc)
        ) from None


def read_text(file: Path) -> str:
    """The UTF-8 text of ``file`` (an ArbitroError if it cannot be read or decoded)."""
    try:
        return file.read_text("utf-8")
    except OSError as exc:
        raise ArbitroError(
            "cannot read {file}: {reason}", file=str(file), reason=exc.strerror, key="cli.bad_file"
        ) from None
    except UnicodeDecodeError as exc:
        raise ArbitroError(
            "cannot read {file}: {reason}", file=str(file), reason=exc.reason, key="cli.bad_file"
        ) from None


def read_json(file: Path) -> Any:
    """The JSON content of ``file`` (an ArbitroError if it cannot be read or parsed)."""
    text = read_text(file)
    try:
        return json.loads(text)
    except RecursionError:
        raise ArbitroError(
            "{file}: the JSON is nested too deeply to be an arbitro file",
            file=str(file),
            key="cli.bad_file",
        ) from None
    except json.JSONDecodeError as exc:
        raise ArbitroError(
            "{file}: invalid JSON ({detail}, line {line})",
            file=str(file),
            detail=exc.msg,
            line=exc.lineno,
            key="cli.bad_file",
        ) from None


def read_json_object(file: Path, key: str = "") -> dict[str, Any]:
    """The JSON object of ``file`` (an ArbitroError if it is not an object, with ``key``)."""
    data = read_json(file)
    if not isinstance(data, dict):
        raise ArbitroError("the JSON must be an object", key=key)
    return data


def by_line(
    text: str | None, lines: type[LineT], what: str, example: str, key: str
) -> dict[LineT, str]:
    """Split ``"NS: ...; EW: ..."`` into the text of each line (``lines``: the game's line
    enum); ``example`` shows the form in the error that names ``what``."""
    out: dict[LineT, str] = {}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        head, sep, body = part.partition(":")
        try:
            line = lines(head.strip().upper())
        except ValueError:
            line = None
        if not sep or line is None:
            raise ArbitroError(
                "{what}: name the line, e.g. {example} (got {part})",
                what=what,
                example=example,
                part=repr(part),
                key=key,
            )
        out[line] = body
    return out


def groups(text: str) -> list[str]:
    """The non-empty ``|``-separated groups of ``text`` (a line's melds, words or hands)."""
    return [g for g in (x.strip() for x in text.split("|")) if g]


def ints(text: str, what: Message) -> list[int]:
    """The comma-separated integers of ``text`` (an error naming ``what`` otherwise): the
    sheets' own reader (``arbitro sheet``'s numbers are read by the event's kind of sheet)."""
    return form.comma_numbers(text, what)
