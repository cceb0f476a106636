"""Who acts at the terminal: the actor recorded with every change a command records (the
sheets entered, confirmed, corrected, FIBAS art. 19-21; the seatings and standings published;
the withdrawals, sanctions, penalties, rulings, art. 36-41), as the desk records its user;
signed in one place, the terminal's services (:mod:`arbitro.cli.terminal_services`). Apart from :mod:`arbitro.cli.common` (its options' help texts are
rendered when it is imported): the root command reads ``--actor`` before the run's language
is set."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ACTOR_ENV = "ARBITRO_ACTOR"
"""The environment variable naming who works at the terminal (the records' actor)."""

_actor: ContextVar[str | None] = ContextVar("arbitro_cli_actor", default=None)


@contextmanager
def acting_as(name: str) -> Iterator[str]:
    """Record the run's actions as ``name``'s inside the ``with`` block (the root's
    ``--actor``)."""
    token = _actor.set(name.strip())
    try:
        yield name.strip()
    finally:
        _actor.reset(token)


def terminal_actor() -> str:
    """Who acts at the terminal, recorded as the actor of every change the run records
    (FIBAS art. 19-21, 36-41 ask who entered, corrected, withdrew, sanctioned), as the desk
    records its user: the root's ``--actor``, else ``$ARBITRO_ACTOR``, else the login
    name, else «director»."""
    chosen = _actor.get() or os.environ.get(ACTOR_ENV, "").strip()
    if chosen:
        return chosen
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "director"
