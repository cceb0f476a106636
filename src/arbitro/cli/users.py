"""``arbitro user``: the director accounts that may log in to the web desk."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli import click_words
from arbitro.cli.common import command_group, errors, open_store
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import errors as errors_module
    from arbitro.store import RecordStore, users
    from arbitro.web import throttle
else:
    # Loaded on first use: the command line's start-up (issue 14).
    errors_module = lazy_module("arbitro.errors")
    users = lazy_module("arbitro.store.users")
    throttle = lazy_module("arbitro.web.throttle")

PASSWORD_ENV = "ARBITRO_PASSWORD"


def register(app: typer.Typer) -> None:
    """Add the ``user`` command group (``user add``, ``user password``, ``user unlock``,
    ``user list``)."""
    users_app = command_group(app, "user", _("Users of the director's desk"))

    def with_password(password: str | None, action: Callable[[RecordStore, str], object]) -> None:
        """Run ``action`` on the store with the password given, else from $ARBITRO_PASSWORD,
        else asked for (twice); the store is closed after."""
        if password is None:
            password = os.environ.get(PASSWORD_ENV) or click_words.new_secret(_("Password"))
        with errors():
            store = open_store()
            try:
                action(store, password)
            finally:
                store.close()

    @users_app.command("add", help=_("Create a director account."))
    def add(
        name: Annotated[str, typer.Argument(help=_("User name"))],
        password: Annotated[
            str | None,
            typer.Option(
                "--password",
                help=_("Password (else asked for, or from $ARBITRO_PASSWORD)"),
            ),
        ] = None,
    ) -> None:
        """Create a director account that may log in to the web desk."""
        with_password(password, lambda store, secret: users.add_user(store, name, secret))
        typer.echo(_("User «{name}» created.", name=name))

    @users_app.command(
        "password",
        help=_("Change a director's password and unblock its login."),
    )
    def change_password(
        name: Annotated[str, typer.Argument(help=_("User name"))],
        password: Annotated[str | None, typer.Option("--password", help=_("New password"))] = None,
    ) -> None:
        """Change a director's password, end the account's sessions and clear its login
        throttle in every running server (issue 29: the way back in without a second factor)."""

        def change(store: RecordStore, secret: str) -> None:
            users.set_password(store, name, secret)
            throttle.request_reset(store, name)

        with_password(password, change)
        typer.echo(_("Password of «{name}» changed.", name=name))

    @users_app.command(
        "unlock",
        help=_("Unblock a director's login (wrong passwords forgotten)."),
    )
    def unlock(name: Annotated[str, typer.Argument(help=_("User name"))]) -> None:
        """Clear the login throttle of account ``name`` in every server running on this
        database (within seconds), keeping its password (issue 29: the CLI can always
        reset)."""
        with errors():
            store = open_store()
            try:
                if not users.has_user(store, name):
                    raise errors_module.NotFoundError(
                        "There is no user '{name}'.", name=name, key="users.none"
                    )
                throttle.request_reset(store, name)
            finally:
                store.close()
        typer.echo(
            _("Login attempts of «{name}» cleared: the account may log in again.", name=name)
        )

    @users_app.command("list", help=_("List the director accounts."))
    def list_users() -> None:
        """List the director accounts."""
        with errors():
            store = open_store()
            try:
                found = users.list_users(store)
                for user in found:
                    typer.echo(f"{user.name}  {user.created_at:%Y-%m-%d %H:%M} UTC")
                if not found:
                    typer.echo(_("No users"))
            finally:
                store.close()
