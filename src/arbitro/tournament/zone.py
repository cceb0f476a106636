"""The event's time zone (docs/rulings.md, "The round's clock"): the records keep UTC; every
time shown (desk, public pages, terminal, printouts) or typed (``HH:MM`` on the desk and in the
terminal) is the time on the venue's wall, in the zone of the event's setting. One place reads
the setting, formats a time and reads a typed one, for every edge."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from arbitro.errors import ArbitroError

DEFAULT_TIMEZONE = "Europe/Rome"
"""The zone of an event created without one (every event recorded before the setting)."""

CLOCK = "%H:%M:%S"
"""A time of day with its seconds (``21:05:30``)."""
SHORT = "%H:%M"
"""A time of day (``21:05``)."""
STAMP = "%Y-%m-%d %H:%M"
"""A date and time (``2026-11-24 21:05``)."""
FULL = "%Y-%m-%d %H:%M:%S"
"""A date and time with its seconds."""

_TIME = re.compile(r"^([01]?\d|2[0-3])[:.]([0-5]\d)(?:[:.]([0-5]\d))?$")


@cache
def zone(name: str | None = None) -> ZoneInfo:
    """The time zone named ``name`` (an IANA name such as ``Europe/London``; None: the default,
    Europe/Rome); an error naming it if there is no such zone."""
    key = (name or DEFAULT_TIMEZONE).strip()
    try:
        if not key or key.startswith(("/", ".")) or ".." in key:
            raise ValueError(key)
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        raise ArbitroError(
            "«{zone}» is not a time zone (write one such as Europe/Rome or Europe/London)",
            zone=name,
        ) from None


def check_timezone(name: str | None) -> str | None:
    """``name`` as recorded (None stays None: the default), refused if it names no zone."""
    if name is None:
        return None
    zone(name)
    return name.strip()


def event_zone(config: object) -> ZoneInfo:
    """The zone of an event, read from its configuration's ``timezone`` setting (Europe/Rome
    when it has none: a knockout, or an event recorded before the setting)."""
    name = getattr(config, "timezone", None)
    return zone(name if isinstance(name, str) else None)


def local_text(at: datetime, where: ZoneInfo | None = None, fmt: str = CLOCK) -> str:
    """``at`` (naive: UTC) as the venue's clock shows it in ``where`` (default: Europe/Rome),
    written by ``fmt`` (:data:`CLOCK` ``21:05:30``, :data:`SHORT`, :data:`STAMP`...)."""
    aware = at if at.tzinfo else at.replace(tzinfo=UTC)
    return aware.astimezone(where or zone()).strftime(fmt)


def parse_local_time(raw: str, now: datetime, where: ZoneInfo | None = None) -> datetime | None:
    """The time of day ``HH:MM`` (or ``HH:MM:SS``, ``HH.MM``) typed at the desk or in the
    terminal, on the venue's date of ``now`` in ``where``, as an aware instant; None if it is
    not such a time."""
    m = _TIME.match(raw.strip())
    if m is None:
        return None
    tz = where or zone()
    aware = now if now.tzinfo else now.replace(tzinfo=UTC)
    day = aware.astimezone(tz).date()
    return datetime.combine(day, time(int(m[1]), int(m[2]), int(m[3] or 0)), tzinfo=tz)
