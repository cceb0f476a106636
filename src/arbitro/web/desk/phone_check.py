"""The hall check: "Prova il telefono" and the localhost warning of the desk.

``/desk/phone-check`` shows a QR code of the public base URL (:mod:`arbitro.web.base_url`);
the director scans it with a phone on the club's Wi-Fi and ``/phone-check`` answers on the
phone, so the Wi-Fi and the address printed on the table cards are checked before the
evening. The desk's pages include ``desk/hall_banner.html``, which warns when the URLs the desk
would print point at the machine itself (a phone cannot reach localhost).

:func:`install` includes the routes and gives the templates ``hall_base_url(request)`` and
``hall_points_at_localhost(request)``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response
from markupsafe import Markup
from reportlab.graphics.barcode.qr import QrCodeWidget

from arbitro.web import auth, base_url
from arbitro.web.context import Web, web_of
from arbitro.web.desk.common import Director, common
from arbitro.web.live import READ_ONLY

router = APIRouter()
PHONE_PATH = "/phone-check"


def qr_svg(text: str, size: int = 320) -> Markup:
    """An inline SVG QR code of ``text`` (error correction M, quiet zone of 4 modules)."""
    widget = QrCodeWidget(text, barLevel="M")
    widget.qr.make()
    modules = widget.qr.modules
    count = len(modules)
    side = count + 8
    rects = "".join(
        f'<rect x="{c + 4}" y="{r + 4}" width="1" height="1"/>'
        for r, row in enumerate(modules)
        for c, dark in enumerate(row)
        if dark
    )
    return Markup(
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'width="{size}" height="{size}" shape-rendering="crispEdges" role="img" '
        f'aria-label="QR"><rect width="{side}" height="{side}" fill="#fff"/>'
        f'<g fill="#000">{rects}</g></svg>'
    )


def hall_base_url(request: Request) -> str:
    """The base URL the desk prints (for the templates)."""
    return base_url.public_base_url(web_of(request), request)


def hall_points_at_localhost(request: Request) -> bool:
    """True when the URLs the desk would print point at this machine (for the banner)."""
    return base_url.points_at_localhost(hall_base_url(request))


@router.get("/desk/phone-check", include_in_schema=False)
def desk_phone_check(request: Request, session: auth.Session = Director) -> Response:
    """The page "Prova il telefono": the QR code of the public address, for a phone."""
    web: Web = web_of(request)
    base = base_url.public_base_url(web, request)
    target = base + PHONE_PATH
    local = base_url.points_at_localhost(base)
    port = request.url.port or (443 if request.url.scheme == "https" else 80)
    addresses = base_url.lan_addresses() if local else []
    others = [base_url.hall_base_url(a, port, request.url.scheme) for a in addresses]
    ctx: dict[str, Any] = common(request, session, others=others)
    return web.render(
        request,
        "desk/phone_check.html",
        base=base,
        target=target,
        qr=qr_svg(target),
        local=local,
        **ctx,
    )


@router.api_route(PHONE_PATH, methods=READ_ONLY, include_in_schema=False)
def phone_ok(request: Request) -> Response:
    """What the phone shows when it reaches the app: the check passed."""
    return web_of(request).render(request, "public/phone_ok.html", event_id=None)


def install(app: FastAPI) -> None:
    """Include the hall check's routes in ``app`` and give its templates the base URL."""
    app.include_router(router)
    globals_ = app.state.web.templates.env.globals
    globals_["hall_base_url"] = hall_base_url
    globals_["hall_points_at_localhost"] = hall_points_at_localhost
