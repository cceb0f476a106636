"""``arbitro user``: the director accounts that may log in to the web desk."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import errors, t

if TYPE_CHECKING:
    from arbitro.store import RecordStore

PASSWORD_ENV = "ARBITRO_PASSWORD"


def register(app: typer.Typer) -> None:
    """Add the ``user`` command group (``user add``, ``user password``, ``user list``)."""
    users_app = typer.Typer(
        help="Utenti del banco del direttore / desk users", no_args_is_help=True
    )
    app.add_typer(users_app, name="user")

    def store_and_password(password: str | None, confirm: bool = True) -> tuple[RecordStore, str]:
        from arbitro.store import RecordStore

        store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
        if password is None:
            password = os.environ.get(PASSWORD_ENV) or typer.prompt(
                t("Password", "Password"), hide_input=True, confirmation_prompt=confirm
            )
        return store, password

    @users_app.command("add")
    def add(
        name: Annotated[str, typer.Argument(help="Nome utente / user name")],
        password: Annotated[
            str | None,
            typer.Option(
                "--password",
                help=(
                    "Password (altrimenti richiesta, o da $ARBITRO_PASSWORD) / "
                    "password (else asked for, or from $ARBITRO_PASSWORD)"
                ),
            ),
        ] = None,
    ) -> None:
        """Crea un direttore / create a director account."""
        from arbitro.store import users

        with errors():
            store, secret = store_and_password(password)
            try:
                users.add_user(store, name, secret)
            finally:
                store.close()
            typer.echo(t(f"Utente «{name}» creato.", f"User «{name}» created."))

    @users_app.command("password")
    def change_password(
        name: Annotated[str, typer.Argument(help="Nome utente / user name")],
        password: Annotated[
            str | None, typer.Option("--password", help="Nuova password / new password")
        ] = None,
    ) -> None:
        """Cambia la password di un direttore / change a director's password."""
        from arbitro.store import users

        with errors():
            store, secret = store_and_password(password)
            try:
                users.set_password(store, name, secret)
            finally:
                store.close()
            typer.echo(t(f"Password di «{name}» cambiata.", f"Password of «{name}» changed."))

    @users_app.command("list")
    def list_users() -> None:
        """Elenca i direttori / list the director accounts."""
        from arbitro.store import RecordStore, users

        with errors():
            store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
            try:
                for user in users.list_users(store):
                    typer.echo(f"{user.name}  {user.created_at:%Y-%m-%d %H:%M} UTC")
            finally:
                store.close()
