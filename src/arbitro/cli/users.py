"""``arbitro user``: the director accounts that may log in to the web desk."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import errors
from arbitro.i18n import _

if TYPE_CHECKING:
    from arbitro.store import RecordStore

PASSWORD_ENV = "ARBITRO_PASSWORD"


def register(app: typer.Typer) -> None:
    """Add the ``user`` command group (``user add``, ``user password``, ``user list``)."""
    users_app = typer.Typer(help=_("Users of the director's desk"), no_args_is_help=True)
    app.add_typer(users_app, name="user")

    def store_and_password(password: str | None, confirm: bool = True) -> tuple[RecordStore, str]:
        from arbitro.store import RecordStore

        store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
        if password is None:
            password = os.environ.get(PASSWORD_ENV) or typer.prompt(
                _("Password"), hide_input=True, confirmation_prompt=confirm
            )
        return store, password

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
        from arbitro.store import users

        with errors():
            store, secret = store_and_password(password)
            try:
                users.add_user(store, name, secret)
            finally:
                store.close()
            typer.echo(_("User «{name}» created.", name=name))

    @users_app.command("password", help=_("Change a director's password."))
    def change_password(
        name: Annotated[str, typer.Argument(help=_("User name"))],
        password: Annotated[str | None, typer.Option("--password", help=_("New password"))] = None,
    ) -> None:
        """Change a director's password."""
        from arbitro.store import users

        with errors():
            store, secret = store_and_password(password)
            try:
                users.set_password(store, name, secret)
            finally:
                store.close()
            typer.echo(_("Password of «{name}» changed.", name=name))

    @users_app.command("list", help=_("List the director accounts."))
    def list_users() -> None:
        """List the director accounts."""
        from arbitro.store import RecordStore, users

        with errors():
            store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
            try:
                for user in users.list_users(store):
                    typer.echo(f"{user.name}  {user.created_at:%Y-%m-%d %H:%M} UTC")
            finally:
                store.close()
