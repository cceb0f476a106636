"""Tools that look at a PDF the way a reader does: pdftoppm renders its pages to PNG,
Pillow reads the pixels, pdftotext extracts the text; and a small event built in memory."""

from __future__ import annotations

import dataclasses
import subprocess
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image

from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import DealScore, LineDeal


def deal(ns_base: int, ns_points: int, ew_base: int, ew_points: int) -> DealScore:
    """One deal row of a sheet."""
    return DealScore(LineDeal(ns_base, ns_points), LineDeal(ew_base, ew_points))


def in_memory_event(
    names: list[str],
    *,
    deals: tuple[int, ...] = (2,),
    event_format: EventFormat = EventFormat.PAIRS,
    duplicate: bool = False,
    seat: bool = True,
) -> EventState:
    """An event folded from records made by the commands, without a database: ``names``
    registered, round 1 seated in registration order (if ``seat``)."""
    now = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)
    config = EventConfig(
        name="Serata di prova",
        event_format=event_format,
        rounds=len(deals),
        deals=deals,
        movements=(Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * (len(deals) - 1),
        duplicate=duplicate,
    )
    log: list[Record] = [dataclasses.replace(commands.create_event(config, now), seq=1)]
    state = EventState.replay("prova", log)

    def do(made: Record | list[Record]) -> None:
        for rec in made if isinstance(made, list) else [made]:
            rec = dataclasses.replace(rec, seq=len(log) + 1)
            log.append(rec)
            state.apply(rec)

    for name in names:
        do(commands.register(state, name, [], now))
    if seat:
        do(commands.seat(state, 1, now))
        do(commands.publish_seating(state, 1, now))
    return state


def pdf_text(pdf: bytes, tmp_path: Path, name: str = "doc") -> str:
    """The PDF's text as ``pdftotext -layout`` extracts it (pages split by form feeds)."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return out.stdout


def render_pages(
    pdf: bytes, tmp_path: Path, name: str = "doc", dpi: int = 50, last: int | None = None
) -> list[Path]:
    """Render the pages (up to page ``last``) with ``pdftoppm -r DPI -png``; the PNG files,
    in page order."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    pages = ["-l", str(last)] if last else []
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), *pages, "-png", str(path), str(tmp_path / name)], check=True
    )
    return sorted(tmp_path.glob(f"{name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def ink(png: Path) -> float:
    """Fraction of the page's pixels that are not white (0 for a blank page)."""
    with Image.open(png) as img:
        gray = img.convert("L")
        hist = gray.histogram()
    return 1 - sum(hist[250:]) / sum(hist)


def qr_matrix(
    png: Path, box: tuple[float, float, float], dpi: int, modules: int
) -> list[list[bool]]:
    """The dark/light modules of a QR code printed at ``box`` = ``(x, y, size)`` points (from
    the page's lower-left corner, quiet zone of 4 modules included), read from the pixels at
    each module's centre."""
    x, y, size = box
    k = dpi / 72
    step = size / (modules + 8)
    with Image.open(png) as img:
        gray = img.convert("L")
        height_pt = gray.size[1] / k
        top = height_pt - (y + size)

        def dark(row: int, col: int) -> bool:
            value = gray.getpixel(
                (round((x + (col + 4.5) * step) * k), round((top + (row + 4.5) * step) * k))
            )
            assert isinstance(value, int), "a grayscale pixel is one number"
            return value < 128

        return [[dark(row, col) for col in range(modules)] for row in range(modules)]


PageCheck = Callable[[bytes], list[Path]]
