"""A digital table's seat on a phone (issue 32): the seat's page and its WebSocket.

A seat's phone is admitted as a line's phone is at the sheets (``web/table.py``): by a code
derived from the installation's secret and the table's token (``tokens.line_code`` for the
seat, printed as the seat's link), kept in an HttpOnly cookie for that table only, so that a
reload, a lost network or a new tab returns to the same seat; no one else's phone reaches
it. The WebSocket ``/t/{token}/digital/{seat}/ws`` sends the seat's view (the service's, its
own hand only) on connecting and after every move at the table, and takes the seat's moves
(``{"deal", "n", "move"}``: the server checks them again) and its line's signature of the
engine's sheet (``{"sign": true}``); a selection of its cards (``{"type": "selection",
"cards", "deal", "n"}``) is answered to that seat alone with the plays they can make
(``{"type": "selection", "plays"}``, :func:`_selection`). The state is the store's: a move is a record, appended
with the sequence it was decided on, so two processes never apply two moves at once (the
second is decided again on the new state, and a stale move is refused). Several processes
serve one table (issue 33): after a move, the process that took it wakes its own sockets of
the table and tells the others (PostgreSQL's NOTIFY on the table's channel,
:meth:`arbitro.store.notify.CommitChannel.publish_table`, wired by :func:`share_moves`), whose
sockets of the table read it and send their phones the new view; a notification lost (a
connection dropped) costs at most :data:`RECHECK_SECONDS`, the period at which each process
re-reads its sockets' tables anyway (once a table, :func:`_recheck_forever`); that re-read also notices a pause or a resume recorded by another
process (``arbitro digital pause`` from the terminal, which tells the processes on PostgreSQL's
channel too: :func:`arbitro.cli.digital.tell_phones`)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError
from arbitro.games.core.seats import Seat
from arbitro.i18n import N_, gettext
from arbitro.i18n.seats import seat_names
from arbitro.lazy_names import lazy_module
from arbitro.services.digital_tables import DigitalTables
from arbitro.tournament.digital.engine import selection_plays
from arbitro.web import auth, digital_presence
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.seat_names import phone_view
from arbitro.web.table import DEVICE_COOKIE, DEVICE_ID, device_of, new_device, with_device
from arbitro.web.tokens import (
    check_line_code,
    line_code,
    make_token,
    read_token,
    signing_source,
)

if TYPE_CHECKING:
    from arbitro.services import knockout_digital
    from arbitro.store.notify import CommitChannel
else:
    knockout_digital = lazy_module("arbitro.services.knockout_digital")

router = APIRouter(include_in_schema=False)
_log = logging.getLogger(__name__)

RECHECK_SECONDS = 2.0
"""How often a seat's socket re-reads its table when no move of this process woke it."""
SEAT_MAX_AGE = 400 * 24 * 3600
SELECTION_MOST = 30
"""The most cards a phone's selection may name (a hand is smaller)."""


def seat_code(secret: bytes, token: str, seat: str) -> str:
    """The code that admits a phone to ``seat`` of the token's table (derived, nothing
    stored; another seat's or table's code admits nothing here)."""
    return line_code(secret, token, f"digital-{seat}")


def seat_path(secret: bytes, event_id: str, table: int, round_number: int, seat: str) -> str:
    """The path a seat's link (or QR code) carries: the seat's page and its code, which the
    phone keeps and drops from the address."""
    token = make_token(secret, event_id, table, round_number)
    return f"/t/{token}/digital/{seat}?proof={seat_code(secret, token, seat)}"


def _cookie(seat: str) -> str:
    return f"arbitro_seat_{seat}"


def _seat(text: str) -> Seat:
    try:
        return Seat(text)
    except ValueError:
        raise ArbitroError("«{seat}» is not a seat (N, E, S, W)", seat=text) from None


_KINDS: weakref.WeakKeyDictionary[Web, dict[str, bool]] = weakref.WeakKeyDictionary()
"""Whether each event (of an app's store) is a knockout, once read: an event's kind is
written when it is created and never changes, so a phone's connect does not ask the store
again (issue 33: two queries a connect, 2,000 phones)."""


def _known_kind(web: Web, event_id: str) -> bool | None:
    """Whether the event is a knockout, if already read by this process (None: not yet)."""
    return _KINDS.get(web, {}).get(event_id)


def _tables(web: Web, event_id: str) -> tuple[Any, AbstractContextManager[Any]]:
    """The digital tables' use cases of the event and the lock its state is read under: a
    round event's tables, or a knockout's matches (the same methods, a table named by its
    round and number: :mod:`arbitro.services.knockout_digital`). The event's kind is read
    from the store once a process (:data:`_KINDS`)."""
    knockout = _known_kind(web, event_id)
    if knockout is None:
        exists = web.store.has_event(event_id)
        knockout = exists and web.store.event_kind(event_id) == "knockout"
        if exists:
            _KINDS.setdefault(web, {})[event_id] = knockout
    if knockout:
        return knockout_digital.DigitalMatches(web.knockout), web.knockout.lock
    return DigitalTables(web.service), web.locked()


def _admitted(web: Web, token: str, seat: str, cookies: dict[str, str]) -> bool:
    return check_line_code(web.secret, token, f"digital-{seat}", cookies.get(_cookie(seat)))


# ------------------------------------------------------------------ the page


@router.get("/t/{token}/digital/{seat}")
def seat_page(request: Request, token: str, seat: str, proof: str | None = None) -> Response:
    """The seat's page: the hand, the table, the legal moves; the code of the seat's link
    is kept on the phone, then the address is shown without it."""
    web = web_of(request)
    lang = request_lang(request)
    event_id, table, round_number = read_token(web.secret, token)
    s = _seat(seat)
    if proof is not None:
        if not check_line_code(web.secret, token, f"digital-{seat}", proof):
            return _refused(web, request, N_("this seat's link is not valid: ask the director"))
        response: Response = RedirectResponse(f"/t/{token}/digital/{seat}", status_code=303)
        response.set_cookie(
            _cookie(seat),
            proof,
            max_age=SEAT_MAX_AGE,
            path=f"/t/{token}",
            httponly=True,
            samesite="lax",
            secure=auth.is_https(request),
        )
        return response
    if not _admitted(web, token, seat, dict(request.cookies)):
        return _refused(web, request, N_("open this seat from its own link (ask the director)"))
    tables, lock = _tables(web, event_id)
    with lock:
        tables.table(event_id, round_number, table)
    device = device_of(request) or new_device()  # the phone's id, as the sheets' pages give it
    response = web.render(
        request,
        "digital/seat.html",
        lang=lang,
        seat=s.value,
        seat_name=seat_names(lang)[s.value],
        seat_names=seat_names(lang),
        seat_letters=seat_names(lang, short=True),
        table=table,
        round=round_number,
        socket=f"/t/{token}/digital/{seat}/ws",
    )
    response.headers["Cache-Control"] = "no-store"
    return with_device(request, response, device)


def _refused(web: Web, request: Request, text: str) -> Response:
    return web.render(request, "digital/refused.html", status_code=403, message=text)


# ------------------------------------------------------------------ the socket

TableKey = tuple[str, int, int]
"""A table: (event, round, table)."""


Progress = tuple[int, int, bool]
"""A view's deal, its moves and whether the table is paused."""

Viewer = Callable[[tuple[int, int] | None], tuple[str, Progress]]
"""A socket's view of its table as the message it sends and the view's progress, given the
store's seqs when they are known (None: read them)."""


class _Watch:
    """This process's sockets of one table: each socket's flag (set to make it send its
    view), the (deal, n, paused) of the view it sent last, its viewer, and the view made for
    it with the move that woke it (:func:`_wake`); the use cases and lock to read the table
    with."""

    def __init__(self, tables: Any, lock: AbstractContextManager[Any]) -> None:
        self.tables = tables
        self.lock = lock
        self.sockets: dict[asyncio.Event, Progress] = {}
        self.viewers: dict[asyncio.Event, Viewer] = {}
        self.ready: dict[asyncio.Event, tuple[str, Progress]] = {}
        self.wakes = 0
        """How many times the sockets were woken: a move's views made meanwhile by a thread
        are sent only if nothing else woke them since the move began (see :func:`_wake`)."""
        self.read_at = time.monotonic()
        """When a view of the table last began reading it from the store (any socket's)."""


_WATCHERS: dict[TableKey, _Watch] = {}
"""The sockets of this process waiting on each table (event, round, table)."""


_LOOP: list[asyncio.AbstractEventLoop] = []
"""The event loop of this process's sockets (taken by the first one): another process's move,
heard on a thread, wakes them through it."""

_RECHECK: list[asyncio.Task[None]] = []
"""The task re-reading this process's watched tables (:func:`_recheck_forever`)."""


def _wake(key: TableKey, ready: dict[asyncio.Event, tuple[str, Progress]] | None = None) -> None:
    """Make table ``key``'s sockets in this process send their views: ``ready``, the views
    made with this process's move in the move's own thread (no store read, no thread of
    their own: issue 32), else each socket's read now. Always on the loop's thread."""
    watch = _WATCHERS.get(key)
    if watch is None:
        return
    watch.wakes += 1
    watch.ready = dict(ready) if ready else {}
    for flag in watch.sockets:
        flag.set()


def _woken_elsewhere(key: TableKey) -> None:
    """Another process moved table ``key`` (called from the channel's thread): this process's
    sockets of the table read it now."""
    if key in _WATCHERS and _LOOP and not _LOOP[0].is_closed():
        _LOOP[0].call_soon_threadsafe(_wake, key)


_CHANNELS: weakref.WeakSet[CommitChannel] = weakref.WeakSet()
"""The channels :func:`share_moves` wired: a change made off the sockets (the desk's pause)
is told to the other processes through them."""


def share_moves(channel: CommitChannel) -> None:
    """Wake this process's sockets of a table when another process moves it (issue 33: the
    four phones of a table may be connected to four processes); the sockets tell
    ``channel`` of the moves they take."""
    if _woken_elsewhere not in channel.on_table:
        channel.on_table.append(_woken_elsewhere)
    _CHANNELS.add(channel)


def wake_table(key: TableKey) -> None:
    """The table ``key`` (event, round, table) changed off its sockets (the desk paused or
    resumed it: FIBAS art. 7): its phones get their new view at once, through the same
    fan-out as a move (this process's sockets, and the other processes' through the
    channel). Safe from any thread (the desk's forms run in a worker thread)."""
    _woken_elsewhere(key)
    for channel in list(_CHANNELS):
        channel.publish_table(key)


def _progress_of(
    watches: list[tuple[TableKey, _Watch]],
) -> dict[TableKey, Progress | None]:
    """Each watched table's (deal, n, paused) read from the store now (None: it could not be read:
    its sockets read it themselves and say why), one table at a time under its lock."""
    out: dict[TableKey, Progress | None] = {}
    for key, watch in watches:
        event_id, round_number, table = key
        watch.read_at = time.monotonic()
        try:
            out[key] = _progress(watch.tables, watch.lock, event_id, round_number, table)
        except ArbitroError:
            out[key] = None
    return out


async def _recheck_forever() -> None:
    """Every :data:`RECHECK_SECONDS`, read ONCE each table this process's sockets watch
    that no view read from the store for that long (not once a socket: 2,000 sockets of
    500 tables made 1,000 reads a second, each under the service's lock; a table whose
    moves keep its views coming is read by them) and wake the sockets whose last view is
    behind it: a move of another process whose notification was lost reaches them within
    about that time. Ends when no socket is left (the next one starts it again)."""
    while _WATCHERS:
        await asyncio.sleep(RECHECK_SECONDS)
        if not _WATCHERS:
            break
        due = time.monotonic() - RECHECK_SECONDS
        watches = [(k, w) for k, w in list(_WATCHERS.items()) if w.read_at <= due]
        if not watches:
            continue
        try:
            progress = await run_in_threadpool(_progress_of, watches)
        except Exception:  # the store not answering: the sockets' own reads will say why
            _log.exception(
                gettext(
                    "The digital tables' re-reading failed: it tries again in {seconds} s",
                    seconds=RECHECK_SECONDS,
                )
            )
            progress = dict.fromkeys((k for k, _ in watches), None)
        for key, now in progress.items():
            watch = _WATCHERS.get(key)
            if watch is not None and any(
                now is None or last != now for last in watch.sockets.values()
            ):
                _wake(key)


def _watch(
    key: TableKey, tables: Any, lock: AbstractContextManager[Any], flag: asyncio.Event
) -> _Watch:
    """Register a socket's ``flag`` for table ``key`` (and start this loop's re-reading)."""
    loop = asyncio.get_running_loop()
    if not _LOOP or _LOOP[0] is not loop:
        _LOOP[:] = [loop]
    watch = _WATCHERS.get(key)
    if watch is None:
        watch = _WATCHERS[key] = _Watch(tables, lock)
    watch.sockets[flag] = (0, -1, False)
    if not _RECHECK or _RECHECK[0].done() or _RECHECK[0].get_loop() is not loop:
        _RECHECK[:] = [loop.create_task(_recheck_forever())]
    return watch


def _unwatch(key: TableKey, flag: asyncio.Event) -> None:
    watch = _WATCHERS.get(key)
    if watch is not None:
        watch.sockets.pop(flag, None)
        watch.viewers.pop(flag, None)
        watch.ready.pop(flag, None)
        if not watch.sockets:
            _WATCHERS.pop(key, None)


@router.websocket("/t/{token}/digital/{seat}/ws")
async def seat_socket(websocket: WebSocket, token: str, seat: str) -> None:
    """The seat's live table: its view now and after every move; its moves and signature."""
    web: Web = websocket.app.state.web
    try:
        event_id, table, round_number = read_token(web.secret, token)
        s = _seat(seat)
    except ArbitroError:
        await websocket.close(code=1008)
        return
    if not _admitted(web, token, seat, dict(websocket.cookies)):
        await websocket.close(code=1008)
        return
    lang = websocket.cookies.get("lang") or websocket.query_params.get("lang") or "it"
    lang = "en" if lang == "en" else "it"
    device = websocket.cookies.get(DEVICE_COOKIE)
    if device is not None and not DEVICE_ID.fullmatch(device):
        device = None
    address = websocket.client.host if websocket.client else "?"
    if auth.behind_proxy():  # the proxy's own last address, as the sheets' pages read it
        address = websocket.headers.get("x-forwarded-for", "").split(",")[-1].strip() or address
    source = signing_source(web.secret, address[:100], websocket.headers.get("user-agent", ""))
    await websocket.accept()
    key = (event_id, round_number, table)
    channel: CommitChannel | None = getattr(websocket.app.state, "commit_channel", None)
    # Nothing on this loop waits for the store or Redis (issue 33: the loop makes the
    # handshakes of every phone connecting meanwhile): the event's kind is read once a
    # process, in a thread; the seat's presence is written by its own thread.
    if _known_kind(web, event_id) is None:
        tables, lock = await run_in_threadpool(_tables, web, event_id)
    else:
        tables, lock = _tables(web, event_id)
    flag = asyncio.Event()
    watch = _watch(key, tables, lock, flag)

    def view(known: tuple[int, int] | None = None) -> tuple[str, Progress]:
        watch.read_at = time.monotonic()  # read from the store now: no re-reading due
        # the store's last seqs checked outside the lock (or known: this thread's own
        # move): the records are read under it only when the table or its event moved past
        # what this process folded
        with tables.checked(event_id, round_number, table, known), lock:
            view: dict[str, Any] = tables.view(event_id, round_number, table, s)
            if view.get("sheet") is not None:  # the sheet to sign: every deal's score
                view["sheet_deals"] = sheet_deals(tables.table(event_id, round_number, table), s)
        out = phone_view(view, lang)  # the view is the seat's own copy: rendered outside the lock
        if "sheet_deals" in out:
            out["sheet_deals"] = [phone_view(d, lang) for d in out["sheet_deals"]]
        # a knockout match's view has no pause
        progress = (out["deal"], out["n"], bool(out.get("paused")))
        return json.dumps({"type": "view", "view": out}), progress

    async def send_view() -> None:
        made = watch.ready.pop(flag, None)
        message, progress = made if made is not None else await run_in_threadpool(view)
        await websocket.send_text(message)
        if flag in watch.sockets:
            watch.sockets[flag] = progress

    async def act(action: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        wakes = watch.wakes
        try:
            ready = await run_in_threadpool(_then_views, tables, key, watch, action, args, kwargs)
        except ArbitroError as err:
            await websocket.send_text(json.dumps({"type": "error", "message": err.message(lang)}))
            ready = None
        # the views made with the move are sent only if nothing else woke the sockets
        # meanwhile (another process's move, the desk): else each socket reads its own
        _wake(key, ready if watch.wakes == wakes else None)
        if channel is not None:  # the table's phones connected to other processes
            channel.publish_table(key)

    async def receive() -> None:
        try:
            await receive_moves()
        finally:
            flag.set()  # the socket's loop below ends

    async def receive_moves() -> None:
        while True:
            try:
                data = json.loads(await websocket.receive_text())
            except ValueError:  # not JSON: ignored, as a message of no known shape
                continue
            if not isinstance(data, dict):
                continue
            if data.get("type") == "selection":
                answer = await run_in_threadpool(
                    _selection, tables, lock, event_id, round_number, table, s, data
                )
                await websocket.send_text(json.dumps(answer))
                continue
            if data.get("sign"):
                signed = (event_id, round_number, table, s, device, source)
                await act(_sign, tables, web.secret, *signed)
                continue
            deal, n, move = data.get("deal"), data.get("n"), data.get("move")
            if not (isinstance(deal, int) and isinstance(n, int) and isinstance(move, str)):
                continue
            await act(tables.play, event_id, round_number, table, s, deal, n, move[:200])

    watch.viewers[flag] = view
    joined = False
    receiver: asyncio.Task[None] | None = None
    try:
        await digital_presence.join(key, s.value)  # the desk's «connected» (issue 32)
        joined = True
        receiver = asyncio.create_task(receive())
        await send_view()
        while not receiver.done():
            # woken by a move in this process, another process's (the channel), the
            # desk, the re-reading of the table (_recheck_forever) or the socket's end
            await flag.wait()
            flag.clear()
            if receiver.done():
                break
            await send_view()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        if receiver is not None:
            receiver.cancel()
        _unwatch(key, flag)
        if joined:
            digital_presence.leave(key, s.value, web.service.clock())


def _then_views(
    tables: Any,
    key: TableKey,
    watch: _Watch,
    action: Callable[..., Any],
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> dict[asyncio.Event, tuple[str, Progress]]:
    """Run a socket's ``action`` (a move, a signature), then make, in the same thread, the
    views of every socket of the table in this process (issue 32): the move was just
    appended and folded, so they read no store (:meth:`TableUseCases.folded`), and the
    sockets send them without a thread each. A view that fails is left to its socket, whose
    own read says why."""
    action(*args, **kwargs)
    known = tables.folded(*key)
    ready: dict[asyncio.Event, tuple[str, Progress]] = {}
    if known is None:
        return ready
    for flag, viewer in list(watch.viewers.items()):
        try:
            ready[flag] = viewer(known)
        except Exception:  # the socket reads again and reports it
            continue
    return ready


def _sign(
    tables: Any,
    secret: bytes,
    event_id: str,
    round_number: int,
    table: int,
    seat: Seat,
    device: str | None,
    source: str,
) -> str:
    """The seat's line signs the engine's sheet as a line's phone does: its device, its
    keyed address and browser, the installation's proof (issue 29)."""
    line = tables.signer(event_id, round_number, table, seat)
    actor = f"tavolo {table} {seat.value}"
    status: str = tables.sign(
        event_id, round_number, table, line, device, seal=secret, actor=actor, source=source
    )
    return status


def _selection(
    tables: Any,
    lock: AbstractContextManager[Any],
    event_id: str,
    round_number: int,
    table: int,
    seat: Seat,
    data: dict[str, Any],
) -> dict[str, Any]:
    """The answer to a phone's ``{"type": "selection", "cards": [...], "deal", "n"}`` (issue
    32): the plays the seat can make with exactly the hand cards it tapped
    (:func:`~arbitro.tournament.digital.engine.selection_plays`), for that seat only, and
    only while it is to play in that deal at that move (else none): the cards must be its
    own (the engine answers nothing for others), so no hidden card is ever named."""
    cards = data.get("cards")
    deal, n = data.get("deal"), data.get("n")
    answer: dict[str, Any] = {"type": "selection", "deal": deal, "n": n, "plays": []}
    if not (
        isinstance(cards, list)
        and 0 < len(cards) <= SELECTION_MOST
        and all(isinstance(c, str) and 0 < len(c) <= 8 for c in cards)
        and isinstance(deal, int)
        and isinstance(n, int)
    ):
        return answer
    answer["cards"] = cards
    with tables.checked(event_id, round_number, table), lock:
        t = tables.table(event_id, round_number, table)
        game = t.position()
        if (
            t.paused
            or game.is_over
            or game.turn is not seat
            or (t.current.number, len(t.current.moves)) != (deal, n)
        ):
            return answer
        answer["plays"] = selection_plays(t.engine, game, cards)
    return answer


def sheet_deals(t: Any, seat: Seat) -> list[dict[str, Any]]:
    """Every deal of table ``t``'s match with its score as ``seat``'s view says it (the
    engine's ``scores``: the code's scoring, FIBAS art. 19), in order: what the phone shows
    beside «Firma lo score», the whole sheet the line signs (art. 21), not the last two deals
    only. The scores are the deals' results, public once the deals are over."""
    return [
        {"deal": k, "scores": t.engine.view(t.position(k), seat).get("scores")}
        for k in range(1, len(t.deals) + 1)
    ]


def _progress(
    tables: Any, lock: AbstractContextManager[Any], event_id: str, round_number: int, table: int
) -> Progress:
    """What a socket's periodic re-read compares with the view it sent last: the deal, its
    moves and whether the table is paused (FIBAS art. 7: a pause recorded by another process,
    e.g. ``arbitro digital pause`` from the terminal beside a one-process server, reaches the
    phones at the next re-read, within :data:`RECHECK_SECONDS`)."""
    with tables.checked(event_id, round_number, table), lock:
        t = tables.table(event_id, round_number, table)
        return t.current.number, len(t.current.moves), bool(t.paused)


__all__ = ["router", "seat_code", "seat_path", "share_moves", "wake_table"]
