"""Shared plumbing of the CLI: the database option, the service, output and errors."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass
from datetime import datetime
from enum import Enum
from typing import Annotated, Any

import typer

from arbitro.errors import ArbitroError, current_language
from arbitro.services.events import EventService
from arbitro.store import RecordStore

JsonOpt = typer.Option(False, "--json", help="Output JSON / uscita in JSON.")
EventArg = Annotated[str, typer.Argument(help="Identificativo della gara / event id")]
RoundArg = Annotated[int, typer.Argument(help="Turno / round")]
TableArg = Annotated[int, typer.Argument(help="Tavolo / table")]
CompArg = Annotated[int, typer.Argument(help="Numero del concorrente / competitor number")]


def lang() -> str:
    """The user's language (``ARBITRO_LANG``; ``--lang`` sets it)."""
    return current_language()


def t(it: str, en: str) -> str:
    """``it`` or ``en`` by the user's language."""
    return en if lang() == "en" else it


def service() -> EventService:
    """An EventService on the database of ``--db`` / ``ARBITRO_DATABASE_URL``."""
    return EventService(RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL")))


def _default(o: Any) -> Any:
    if isinstance(o, datetime):
        return o.isoformat()
    if isinstance(o, Enum):
        return o.value
    if is_dataclass(o) and not isinstance(o, type):
        return asdict(o)
    if isinstance(o, tuple | set | frozenset):
        return list(o)
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")


def emit(data: Any, text: str, as_json: bool) -> None:
    """Print ``data`` as JSON, or ``text``."""
    if as_json:
        typer.echo(json.dumps(data, default=_default, ensure_ascii=False, indent=2))
    else:
        typer.echo(text)


@contextmanager
def errors(as_json: bool = False) -> Iterator[None]:
    """Turn an ArbitroError into a clear message (JSON with ``--json``) and exit status 1."""
    try:
        yield
    except ArbitroError as exc:
        if as_json:
            payload = {"error": {"it": exc.it, "en": exc.en, "article": exc.article}}
            typer.echo(json.dumps(payload, ensure_ascii=False))
        else:
            typer.echo(f"{t('Errore', 'Error')}: {exc.message(lang())}", err=True)
        sys.stdout.flush()
        raise typer.Exit(1) from None


def ints(text: str, what_it: str, what_en: str) -> list[int]:
    """The comma-separated integers of ``text`` (an error naming ``what`` otherwise)."""
    try:
        return [int(x) for x in text.replace(";", ",").split(",") if x.strip()]
    except ValueError:
        raise ArbitroError(
            f"{what_it}: «{text}» non è un elenco di numeri",
            f"{what_en}: «{text}» is not a list of numbers",
        ) from None
