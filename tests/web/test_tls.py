"""HTTPS (issue 13 §4): ``arbitro serve --tls-cert/--tls-key`` serves the real app over TLS,
its session cookie is then ``Secure`` (and ``HttpOnly``) and its answers carry
``Strict-Transport-Security``; behind a reverse proxy the same holds when the installation
trusts the proxy's ``X-Forwarded-Proto`` (``ARBITRO_TRUST_PROXY``), and only then. With TLS,
``--hall`` prints an ``https://`` URL and the QR codes' base URL is ``https``.

The certificate is self-signed, made by ``openssl req`` in the test."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arbitro.cli import serve as serve_command
from arbitro.cli.main import app as cli
from arbitro.store import RecordStore, users
from arbitro.web import base_url

DIRECTOR = ("direttore", "segreto-del-direttore")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_certificate(folder: Path, name: str = "arbitro") -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (PEM, no password)."""
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    return make_certificate(tmp_path)


def session_cookie_flags(response: httpx.Response) -> set[str]:
    """The attributes of the session cookie set by ``response`` (lower case)."""
    from arbitro.web.auth import SESSION_COOKIE

    for header in response.headers.get_list("set-cookie"):
        name, _, rest = header.partition("=")
        if name.strip() == SESSION_COOKIE:
            return {part.strip().split("=")[0].lower() for part in rest.split(";")[1:]}
    raise AssertionError(f"no session cookie in {response.headers}")


@pytest.fixture
def served_over_tls(tmp_path: Path, certificate: tuple[Path, Path]) -> Iterator[tuple[str, str]]:
    """``arbitro serve --tls-cert --tls-key`` in its own process on a free port, with a director
    account in its database: yields ``(base URL, what the command printed)``."""
    database = f"sqlite:///{tmp_path / 'tls.sqlite3'}"
    store = RecordStore.open(database)
    users.add_user(store, *DIRECTOR)
    store.close()
    port = free_port()
    env = {**os.environ, "ARBITRO_DATABASE_URL": database, "ARBITRO_LANG": "en"}
    env.pop(base_url.BASE_URL_ENV, None)
    env.pop("ARBITRO_TRUST_PROXY", None)
    cert, key = certificate
    command = [str(Path(sys.executable).with_name("arbitro")), "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--tls-cert", str(cert), "--tls-key", str(key)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        printed = process.stdout.readline()  # "arbitro at https://..." once the app is built
        deadline = time.monotonic() + 30
        while True:  # uvicorn binds the port just after the app is built and printed
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                assert process.poll() is None, printed + process.stdout.read()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        yield f"https://127.0.0.1:{port}", printed
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_serve_over_tls_marks_the_session_cookie_secure_and_sends_hsts(
    served_over_tls: tuple[str, str], certificate: tuple[Path, Path]
) -> None:
    """Issue 13 §4: the real app started by ``serve --tls-cert/--tls-key`` answers over HTTPS
    (the certificate verified), prints its https:// address, and a director's login sets a
    cookie with ``Secure`` and ``HttpOnly``; the answers carry HSTS and a CSP without
    ``unsafe-eval``. The cookie then opens the desk over HTTPS."""
    base, printed = served_over_tls
    assert printed.startswith(f"arbitro at {base}/"), printed
    context = ssl.create_default_context(cafile=str(certificate[0]))
    with httpx.Client(base_url=base, verify=context, timeout=30) as browser:
        response = browser.post("/login", data={"username": DIRECTOR[0], "password": DIRECTOR[1]})
        assert response.status_code == 303, response.text
        assert {"secure", "httponly"} <= session_cookie_flags(response)
        assert response.headers["strict-transport-security"] == "max-age=31536000"
        assert "unsafe-eval" not in response.headers["content-security-policy"]
        desk = browser.get("/desk")
        assert desk.status_code == 200 and desk.url.scheme == "https"
    with pytest.raises(httpx.ConnectError):  # a client that does not trust the certificate
        httpx.get(base + "/login", timeout=30)


def test_behind_a_trusted_proxy_the_cookie_is_secure(
    live_server: str, client: TestClient, director: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §4: behind a reverse proxy that terminates HTTPS (``X-Forwarded-Proto:
    https``) the cookie is ``Secure`` and HSTS is sent when ``ARBITRO_TRUST_PROXY`` says the
    proxy is trusted; without it a client on the network sending the header is ignored
    (anyone could send it). The real server, reached through a proxy on this machine."""
    forwarded = {"X-Forwarded-Proto": "https"}
    login = {"username": director[0], "password": director[1]}
    monkeypatch.delenv("ARBITRO_TRUST_PROXY", raising=False)
    untrusted = client.post("/login", data=login, headers=forwarded)  # a peer on the LAN
    assert untrusted.status_code == 303, untrusted.text
    assert "secure" not in session_cookie_flags(untrusted)
    assert "httponly" in session_cookie_flags(untrusted)
    assert "strict-transport-security" not in untrusted.headers
    monkeypatch.setenv("ARBITRO_TRUST_PROXY", "1")
    trusted = httpx.post(live_server + "/login", data=login, headers=forwarded)
    assert trusted.status_code == 303, trusted.text
    assert {"secure", "httponly"} <= session_cookie_flags(trusted)
    assert trusted.headers["strict-transport-security"] == "max-age=31536000"
    plain = httpx.post(live_server + "/login", data=login)  # plain HTTP, no proxy header
    assert plain.status_code == 303, plain.text
    assert "secure" not in session_cookie_flags(plain)
    assert "strict-transport-security" not in plain.headers


def test_hall_with_tls_prints_https_and_qr_codes_use_it(
    tmp_path: Path, certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §4: ``serve --hall`` with a certificate prints ``https://`` addresses for the
    phones and gives the app an ``https`` base URL for every QR code; a ``--base-url``
    without a scheme gets ``https`` too; uvicorn is started with the certificate."""
    started: dict[str, Any] = {}

    def run(application: Any, **options: Any) -> None:
        started.update(options, base=os.environ.get(base_url.BASE_URL_ENV))

    monkeypatch.setattr(serve_command, "run_uvicorn", run)
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["192.168.1.50"])
    monkeypatch.setenv("ARBITRO_DATABASE_URL", f"sqlite:///{tmp_path / 'hall.db'}")
    monkeypatch.setenv("ARBITRO_LANG", "it")
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")  # serve sets it: restored after the test
    cert, key = certificate
    tls = ["--tls-cert", str(cert), "--tls-key", str(key)]
    result = CliRunner().invoke(cli, ["serve", "--hall", "--port", "8443", *tls])
    assert result.exit_code == 0, result.output
    assert "arbitro su https://192.168.1.50:8443/" in result.output
    assert "Telefoni: https://192.168.1.50:8443/" in result.output
    assert "http://" not in result.output
    assert started["base"] == "https://192.168.1.50:8443"
    assert started["ssl_certfile"] == str(cert) and started["ssl_keyfile"] == str(key)
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")
    result = CliRunner().invoke(
        cli, ["serve", "--hall", "--port", "443", "--base-url", "sala.local", *tls]
    )
    assert result.exit_code == 0, result.output
    assert started["base"] == "https://sala.local"
    assert base_url.hall_base_url("10.0.0.2", 443, "https") == "https://10.0.0.2"
