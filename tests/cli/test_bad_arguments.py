"""Bad arguments get a message and exit status 1, never a traceback (issue #13 §9): a file
that cannot be written, a database URL of no known kind, a file that is no database, a JSON
file nested too deeply, a file that does not exist; ``serve`` with a port out of range or TLS
files that cannot serve HTTPS (issue #13 §4), in Italian and in English."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    result = CliRunner().invoke(
        app,
        [
            "--db",
            url,
            "event",
            "create",
            "serata",
            "--name",
            "Serata",
            "--rounds",
            "1",
            "--deals",
            "2",
            "--movements",
            "draw",
        ],
    )
    assert result.exit_code == 0, result.output
    return url


def cases(tmp_path: Path, db: str) -> list[tuple[list[str], str]]:
    not_a_db = tmp_path / "notadb.sqlite3"
    not_a_db.write_bytes(b"x" * 200)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    return [
        (["--db", db, "export", "serata", "-o", "/nonexistent/dir/x.json"], "impossibile usare"),
        (["--db", "garbage://x", "event", "list"], "Impossibile aprire il database"),
        (["--db", f"sqlite:///{not_a_db}", "event", "list"], "Impossibile aprire il database"),
        (["--db", db, "import", str(nested)], "annidato troppo"),
        (["--db", db, "import", str(tmp_path / "missing.json")], "impossibile leggere"),
    ]


def test_bad_arguments_get_a_message_never_a_traceback(tmp_path: Path, db: str) -> None:
    for args, expected in cases(tmp_path, db):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 1, (args, result.output, result.exception)
        assert expected in result.output, (args, result.output)
        assert "Traceback" not in result.output


def certificate(folder: Path, name: str, *openssl_key_options: str) -> tuple[Path, Path]:
    """A self-signed certificate and its private key made by ``openssl req``."""
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    request = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-days", "1", "-subj", "/CN=x"]
    subprocess.run(
        [*request, "-keyout", str(key), "-out", str(cert), *openssl_key_options],
        check=True,
        capture_output=True,
    )
    return cert, key


def serve_cases(tmp_path: Path) -> list[tuple[list[str], str, str]]:
    """``(serve's arguments, Italian message, English message)``."""
    cert, key = certificate(tmp_path, "good", "-nodes")
    other_cert, other_key = certificate(tmp_path, "other", "-nodes")
    locked_cert, locked_key = certificate(tmp_path, "locked", "-passout", "pass:segreto")
    not_pem = tmp_path / "not-pem.crt"
    not_pem.write_text("not a certificate\n")
    missing = tmp_path / "missing.pem"
    pair_it, pair_en = "non si possono usare insieme", "cannot be used together"
    return [
        (["--port", "99999"], "la porta deve essere tra 1 e 65535", "between 1 and 65535"),
        (["--port", "0"], "la porta deve essere tra 1 e 65535", "between 1 and 65535"),
        (["--tls-cert", str(cert)], "vanno insieme", "go together"),
        (["--tls-key", str(key)], "vanno insieme", "go together"),
        (
            ["--tls-cert", str(missing), "--tls-key", str(key)],
            "impossibile leggere il certificato TLS",
            "cannot read the TLS certificate",
        ),
        (
            ["--tls-cert", str(cert), "--tls-key", str(missing)],
            "impossibile leggere la chiave privata TLS",
            "cannot read the TLS private key",
        ),
        (
            ["--tls-cert", str(tmp_path), "--tls-key", str(key)],
            "impossibile leggere il certificato TLS",
            "cannot read the TLS certificate",
        ),
        (["--tls-cert", str(not_pem), "--tls-key", str(key)], pair_it, pair_en),
        (["--tls-cert", str(cert), "--tls-key", str(not_pem)], pair_it, pair_en),
        (["--tls-cert", str(cert), "--tls-key", str(other_key)], pair_it, pair_en),
        (["--tls-cert", str(other_cert), "--tls-key", str(key)], pair_it, pair_en),
        (
            ["--tls-cert", str(locked_cert), "--tls-key", str(locked_key)],
            "è protetta da una password",
            "is protected by a password",
        ),
    ]


def test_serve_bad_port_or_tls_files_get_a_message_never_a_traceback(
    tmp_path: Path, db: str
) -> None:
    """Issue 13 §4 and §9: ``arbitro serve`` refuses, before starting anything, a port out of
    range and TLS files that cannot serve HTTPS (one without the other, missing, a folder, not
    PEM, a key of another certificate, a key locked by a password), with a message in the
    run's language and exit status 1: never a traceback, never a password prompt."""
    for args, italian, english in serve_cases(tmp_path):
        for lang, expected in (("it", italian), ("en", english)):
            result = CliRunner().invoke(app, ["--db", db, "--lang", lang, "serve", *args])
            assert result.exit_code == 1, (args, result.output, result.exception)
            assert expected in result.output, (lang, args, result.output)
            assert "Traceback" not in result.output


def test_art20_the_continuous_scale_is_refused_for_teams() -> None:
    """FIBAS art. 20: the duplicate ("carte uguali") continuous scale is for individual and
    pairs events; the teams table has none."""
    result = CliRunner().invoke(
        app, ["vp", "--code", "burraco-fibas", "--deals", "2", "--teams", "--duplicate", "130"]
    )
    assert result.exit_code == 1
    assert "carte uguali vale per individuali e coppie (FIBAS art. 20)" in result.output
