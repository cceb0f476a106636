"""The club's players kept across events: the registry's use cases.

- **Import** a members list (CSV in any of the encodings clubs save it in, or XLSX): one
  player per row; a row whose card number is already in the registry updates that player;
  rows that cannot be taken are reported with their reason, the others are taken.
- **Search** as you type (prefix or substring of name, card number or club; case and
  accents ignored): the CLI's ``players list --search`` and the desk use the same function.
- **Register** a competitor of an event from the registry: its players' names come from the
  registry and a link (player → event, competitor) is kept, so the player's page finds it.
- **A player's page**: the events played (through those links) and the results (rank, VP,
  MP).
- **Export** of a player's data (JSON) and **deletion** on request (GDPR art. 15, 17, 20):
  the registry entry and its links are deleted, and in every event the player played the
  name is replaced by "anonimo"/"anonymous" through a new ``competitor-renamed`` record of
  the event's log (records are never edited; docs/players.md, "Deletion"). Every import,
  export, registration and deletion leaves an audit line: who, when, why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import Message, _
from arbitro.services.event_log import utc_now
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.registrations import csv_rows, decode_registrations
from arbitro.services.registrations_xlsx import XLSX_MAGIC, cell_text, workbook_rows
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.store.players import AuditLine, Entry, Player, PlayerFields, fold
from arbitro.store.schema import PLAYER_CARD_LENGTH, PLAYER_FIELD_LENGTH, PLAYER_NAME_LENGTH
from arbitro.tournament.commands import values

EXPORT_FORMAT = "arbitro-player"
EXPORT_VERSION = 1
CARD_PATTERN = re.compile(r"^[A-Z0-9][A-Z0-9./-]*$")

# The columns of a members list, by their folded header (accents, case and punctuation
# ignored: "N° Tessera" is "n tessera").
NAME_HEADERS = (
    "nome e cognome",
    "cognome e nome",
    "nominativo",
    "giocatore",
    "name",
    "full name",
    "player",
    "nome",
)
SURNAME_HEADERS = ("cognome", "surname", "last name", "family name")
FIRST_NAME_HEADERS = ("nome", "first name", "given name")
CARD_HEADERS = (
    "tessera",
    "n tessera",
    "numero tessera",
    "tessera fibas",
    "n tessera fibas",
    "card",
    "card number",
    "card no",
    "federation card",
    "membership number",
)
CLUB_HEADERS = ("circolo", "club", "associazione", "societa", "asd")
CATEGORY_HEADERS = ("categoria", "category")
CONTACT_HEADERS = (
    "contatto",
    "email",
    "e mail",
    "telefono",
    "cellulare",
    "contact",
    "phone",
)
# What prize categories ask (migration 0007): sex, birth year, first season.
SEX_HEADERS = ("sesso", "genere", "sex", "gender")
BIRTH_HEADERS = (
    "anno di nascita",
    "anno nascita",
    "data di nascita",
    "data nascita",
    "birth year",
    "year of birth",
    "date of birth",
)
FIRST_SEASON_HEADERS = (
    "prima stagione",
    "anno prima tessera",
    "tesserato dal",
    "iscritto dal",
    "first season",
    "member since",
)
SEX_VALUES = {
    "f": "F",
    "femmina": "F",
    "donna": "F",
    "female": "F",
    "woman": "F",
    "w": "F",
    "m": "M",
    "maschio": "M",
    "uomo": "M",
    "male": "M",
    "man": "M",
}
YEAR_PATTERN = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")


# ---------------------------------------------------------------------------- import
@dataclass(frozen=True, slots=True)
class RowRefusal:
    """A row of a members list not taken: its number in the file (1 is the header) and why."""

    row: int
    reason: Message

    def to_json(self) -> dict[str, Any]:
        """The refusal as JSON: the row and the reason in the user's language."""
        return {"row": self.row, "reason": self.reason.render()}


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: players added, updated, unchanged, and rows refused."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    refused: tuple[RowRefusal, ...] = ()
    dry_run: bool = False

    def to_json(self) -> dict[str, Any]:
        """The report as JSON."""
        return {
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "refused": [r.to_json() for r in self.refused],
            "dry_run": self.dry_run,
        }


def _header(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", fold(text)).split())


def _cell(value: Any) -> str:
    """A cell as text (see :func:`cell_text`), inner spaces collapsed."""
    return " ".join(cell_text(value).split())


def read_table(data: bytes) -> list[list[str]]:
    """The rows of a members list: the first worksheet of an XLSX workbook, or a CSV file
    (any delimiter among ``,`` ``;`` tab; any encoding clubs save in)."""
    if data.startswith(XLSX_MAGIC):
        return [[_cell(v) for v in row] for row in workbook_rows(data)]
    return [[_cell(c) for c in row] for row in csv_rows(decode_registrations(data))]


@dataclass(frozen=True, slots=True)
class _Columns:
    name: int | None
    surname: int | None
    first: int | None
    card: int | None
    club: int | None
    category: int | None
    contact: int | None
    sex: int | None = None
    birth_year: int | None = None
    first_season: int | None = None


def _columns(header: list[str]) -> _Columns:
    folded = [_header(h) for h in header]

    def find(names: Sequence[str], skip: Iterable[int | None] = ()) -> int | None:
        taken = set(skip)
        return next(
            (i for i, h in enumerate(folded) if h in names and i not in taken),
            None,
        )

    surname = find(SURNAME_HEADERS)
    first = find(FIRST_NAME_HEADERS) if surname is not None else None
    name = None if surname is not None else find(NAME_HEADERS)
    if name is None and surname is None:
        raise ArbitroError(
            "no name column (one of: {names}; or cognome and nome); header: {header}",
            names=", ".join(NAME_HEADERS),
            header=", ".join(h for h in header if h),
            key="players.no_name_column",
        )
    return _Columns(
        name,
        surname,
        first,
        find(CARD_HEADERS),
        find(CLUB_HEADERS),
        find(CATEGORY_HEADERS),
        find(CONTACT_HEADERS),
        find(SEX_HEADERS),
        find(BIRTH_HEADERS),
        find(FIRST_SEASON_HEADERS),
    )


def normalise_card(card: str) -> str:
    """A card number as kept: spaces removed, letters in capitals."""
    return "".join(card.split()).upper()


def check_fields(
    name: str,
    card: str | None = None,
    club: str | None = None,
    category: str | None = None,
    contact: str | None = None,
    *,
    sex: str | None = None,
    birth_year: str | int | None = None,
    first_season: str | int | None = None,
) -> PlayerFields:
    """A registry entry's fields, checked and tidied (blank → None, card number in
    capitals, sex "F" or "M" from the words clubs write, a year from a year or a date); an
    ArbitroError naming what is wrong."""
    name = " ".join(name.split())
    if not name:
        raise ArbitroError("missing name", key="players.invalid")
    if len(name) > PLAYER_NAME_LENGTH:
        raise ArbitroError(
            "the name is too long ({length} characters, at most {limit})",
            length=len(name),
            limit=PLAYER_NAME_LENGTH,
            key="players.invalid",
        )
    tidy_card = normalise_card(card) if card else None
    if tidy_card is not None and (
        len(tidy_card) > PLAYER_CARD_LENGTH or not CARD_PATTERN.fullmatch(tidy_card)
    ):
        raise ArbitroError(
            "card number «{card}» is not valid: letters, digits and . / - (at most {limit})",
            card=card,
            limit=PLAYER_CARD_LENGTH,
            key="players.invalid",
        )
    tidy: list[str | None] = []
    labels = (Message("club", {}), Message("category", {}), Message("contact", {}))
    for label, value in zip(labels, (club, category, contact), strict=True):
        value = " ".join(value.split()) if value else ""
        if len(value) > PLAYER_FIELD_LENGTH:
            raise ArbitroError(
                "{field} too long ({length} characters, at most {limit})",
                field=label,
                length=len(value),
                limit=PLAYER_FIELD_LENGTH,
                key="players.invalid",
            )
        tidy.append(value or None)
    return PlayerFields(
        name,
        tidy_card,
        tidy[0],
        tidy[1],
        tidy[2],
        _sex(sex),
        _year(birth_year, Message("birth year", {})),
        _year(first_season, Message("first season", {})),
    )


def _sex(value: str | None) -> str | None:
    """ "F" or "M" from what a members list writes (F, femmina, donna, M, maschio, uomo...)."""
    text = fold(value or "").strip(" .")
    if not text:
        return None
    found = SEX_VALUES.get(text)
    if found is None:
        raise ArbitroError("sex «{value}» is not F or M", value=value or "", key="players.invalid")
    return found


def _year(value: str | int | None, label: Message) -> int | None:
    """A year from a year or a date ("1958", "12/03/1958", "1958-03-12")."""
    if value is None or isinstance(value, int):
        return value
    if not value.strip():
        return None
    match = YEAR_PATTERN.search(value)
    if match is None:
        raise ArbitroError(
            "{field} «{value}» has no year", field=label, value=value, key="players.invalid"
        )
    return int(match.group(1))


def _row_fields(row: list[str], cols: _Columns) -> PlayerFields:
    def cell(i: int | None) -> str:
        return row[i] if i is not None and i < len(row) else ""

    if cols.surname is not None:
        name = f"{cell(cols.surname)} {cell(cols.first)}"
    else:
        name = cell(cols.name)
    return check_fields(
        name,
        cell(cols.card),
        cell(cols.club),
        cell(cols.category),
        cell(cols.contact),
        sex=cell(cols.sex),
        birth_year=cell(cols.birth_year),
        first_season=cell(cols.first_season),
    )


def parse_members(data: bytes) -> tuple[list[tuple[int, PlayerFields]], list[RowRefusal]]:
    """The players of a members list with their row numbers, and the rows refused (a missing
    name, a field too long, a malformed card number, a card number twice in the file). The
    header row names the columns: name (or surname and first name), card number, club,
    category, contact, sex, birth year (or date), first season; others are ignored. Blank
    rows are skipped."""
    table = read_table(data)
    while table and not any(table[0]):
        table.pop(0)
    if not table:
        raise ArbitroError("empty CSV file")
    cols = _columns(table[0])
    taken: list[tuple[int, PlayerFields]] = []
    refused: list[RowRefusal] = []
    cards: dict[str, int] = {}
    for number, row in enumerate(table[1:], start=2):
        if not any(row):
            continue
        try:
            fields = _row_fields(row, cols)
        except ArbitroError as exc:
            refused.append(RowRefusal(number, exc.msg))
            continue
        if fields.card is not None and fields.card in cards:
            refused.append(
                RowRefusal(
                    number,
                    Message(
                        "card number {card} already on row {row}",
                        {"card": fields.card, "row": cards[fields.card]},
                    ),
                )
            )
            continue
        if fields.card is not None:
            cards[fields.card] = number
        taken.append((number, fields))
    return taken, refused


def _merged(old: Player, new: PlayerFields) -> PlayerFields:
    """An existing entry updated by a row: the row's values, the old ones where it is blank."""
    return PlayerFields(
        new.name,
        new.card or old.card,
        new.club or old.club,
        new.category or old.category,
        new.contact or old.contact,
        new.sex or old.sex,
        new.birth_year or old.birth_year,
        new.first_season or old.first_season,
    )


def _same(old: Player, new: PlayerFields) -> bool:
    return _field_values(old) == _field_values(new)


def import_members(
    store: RecordStore,
    data: bytes,
    actor: str,
    source: str = "",
    dry_run: bool = False,
    now: datetime | None = None,
) -> ImportReport:
    """Import a members list into the registry. A row whose card number is in the registry
    updates that player (blank cells keep what was there); a row without a card number
    updates the one player of that name, if there is exactly one, else adds a player; a
    row naming several players of that name without a card number is refused. With
    ``dry_run`` nothing is written: the report says what would be done."""
    at = now or utc_now()
    rows, refused = parse_members(data)
    added = updated = unchanged = 0
    for number, fields in rows:
        if fields.card is not None:
            existing = registry.player_by_card(store, fields.card)
        else:
            namesakes = registry.players_named(store, fields.name)
            if len(namesakes) > 1:
                refused.append(
                    RowRefusal(
                        number,
                        Message(
                            "{count} players named «{name}» in the registry: give the card number",
                            {"count": len(namesakes), "name": fields.name},
                        ),
                    )
                )
                continue
            existing = namesakes[0] if namesakes else None
        if existing is None:
            if not dry_run:
                registry.add_player(store, fields, at)
            added += 1
            continue
        merged = _merged(existing, fields)
        if _same(existing, merged):
            unchanged += 1
            continue
        if not dry_run:
            registry.update_player(store, existing.id, merged)
        updated += 1
    refused.sort(key=lambda r: r.row)
    report = ImportReport(added, updated, unchanged, tuple(refused), dry_run)
    if not dry_run:
        registry.audit(
            store,
            AuditLine(
                at,
                actor,
                "import",
                None,
                None,
                f"{source or '-'}: added {added}, updated {updated}, unchanged {unchanged},"
                f" refused {len(refused)}",
            ),
        )
    return report


def add_player(
    store: RecordStore, fields: PlayerFields, actor: str, now: datetime | None = None
) -> Player:
    """Add one player to the registry by hand (the desk's form); ConflictError if its card
    number is already there."""
    at = now or utc_now()
    f = fields
    checked = check_fields(
        f.name,
        f.card,
        f.club,
        f.category,
        f.contact,
        sex=f.sex,
        birth_year=f.birth_year,
        first_season=f.first_season,
    )
    player = registry.add_player(store, checked, at)
    registry.audit(store, AuditLine(at, actor, "add", player.id, None, None))
    return player


def _field_values(f: PlayerFields | Player) -> tuple[object, ...]:
    return (
        f.name,
        f.card,
        f.club,
        f.category,
        f.contact,
        f.sex,
        f.birth_year,
        f.first_season,
    )


# ---------------------------------------------------------------------------- search
def search(store: RecordStore, text: str = "", limit: int | None = None) -> list[Player]:
    """The players matching ``text`` (every word a prefix or a substring of the name, card
    number or club; case and accents ignored), names starting with it first. An empty text
    lists every player by name."""
    if not text.strip():
        players = registry.list_players(store)
        return players if limit is None else players[:limit]
    return registry.search_players(store, text, limit)


def find_player(store: RecordStore, ref: str) -> Player:
    """The player named by ``ref``: a federation card number, else a registry number (``12``
    or ``#12``); NotFoundError if there is none."""
    ref = ref.strip()
    if ref and not ref.startswith("#"):
        found = registry.player_by_card(store, normalise_card(ref))
        if found is not None:
            return found
    number = ref.removeprefix("#")
    if number.isdigit():
        found = registry.get_player(store, int(number))
        if found is not None:
            return found
    raise NotFoundError(
        "no player with card number or registry number «{ref}»", ref=ref, key="players.none"
    )


# ---------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class EventPlayed:
    """An event a player played, and the result of the competitor they played in: rank,
    of how many, VP and MP after the last round played (None before any result)."""

    event_id: str
    event_name: str
    created_at: datetime
    competitor: int
    competitor_name: str
    rank: int | None = None
    field_size: int | None = None
    vp: int | None = None
    mp: int | None = None
    rounds: int = 0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """A player's page: the registry entry and the events played, most recent first."""

    player: Player
    events: tuple[EventPlayed, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The page as JSON."""
        return {
            "player": player_json(self.player),
            "events": [event_json(e) for e in self.events],
        }


def player_json(player: Player) -> dict[str, Any]:
    """A registry entry as JSON."""
    return {
        "id": player.id,
        "name": player.name,
        "card": player.card,
        "club": player.club,
        "category": player.category,
        "contact": player.contact,
        "sex": player.sex,
        "birth_year": player.birth_year,
        "first_season": player.first_season,
        "created_at": None if player.created_at is None else player.created_at.isoformat(),
    }


def event_json(event: EventPlayed) -> dict[str, Any]:
    """An event played as JSON."""
    return {
        "event": event.event_id,
        "name": event.event_name,
        "date": event.created_at.date().isoformat(),
        "competitor": event.competitor,
        "competitor_name": event.competitor_name,
        "rank": event.rank,
        "of": event.field_size,
        "vp": event.vp,
        "mp": event.mp,
        "rounds": event.rounds,
        "withdrawn": event.withdrawn,
    }


def _event_played(service: EventService, entry: Entry, name: str, at: datetime) -> EventPlayed:
    state = service.state(entry.event_id)
    competitor = state.competitors.get(entry.competitor)
    if competitor is None:  # a link to a number the event never had: shown, without results
        return EventPlayed(entry.event_id, name, at, entry.competitor, "?")
    played = EventPlayed(entry.event_id, name, at, entry.competitor, competitor.name)
    last = state.current_round()
    if last < 1:
        return played
    try:
        rows = service.standings(entry.event_id)
    except ArbitroError:  # a round seated but nothing to rank yet
        return replace(played, rounds=last)
    row = next((r for r in rows if r.competitor == entry.competitor), None)
    if row is None:
        return replace(played, rounds=last)
    return replace(
        played,
        rank=row.rank,
        field_size=len(rows),
        vp=row.vp,
        mp=row.mp,
        rounds=last,
        withdrawn=row.withdrawn,
    )


def player_page(store: RecordStore, player: Player) -> PlayerPage:
    """The player's page: the events whose competitors are linked to the player, with the
    results (rank, VP, MP) of the competitor they played in, most recent event first."""
    events = {e.event_id: e for e in store.list_events()}
    service = EventService(store)
    played: list[EventPlayed] = []
    for entry in registry.entries_of(store, player.id):
        summary = events.get(entry.event_id)
        if summary is None:
            continue
        if summary.kind != "rounds":
            played.append(
                EventPlayed(entry.event_id, summary.name, summary.created_at, entry.competitor, "?")
            )
            continue
        played.append(_event_played(service, entry, summary.name, summary.created_at))
    played.sort(key=lambda e: (e.created_at, e.event_id), reverse=True)
    return PlayerPage(player, tuple(played))


def _rounds_event(store: RecordStore, event_id: str) -> None:
    if not store.has_event(event_id):
        raise NotFoundError("event {event} does not exist", event=event_id)
    if store.event_kind(event_id) != "rounds":
        raise ArbitroError(
            "event {event} is a knockout: players from the registry are registered in "
            "events played in rounds",
            event=event_id,
            key="players.knockout",
        )


def register_players(
    store: RecordStore,
    event_id: str,
    refs: Sequence[str],
    name: str | None = None,
    actor: str = "director",
) -> tuple[int, str]:
    """Register a competitor of ``event_id`` made of the registry's players ``refs`` (card
    numbers or registry numbers): its players are their names, its name ``name`` or their
    names joined by " - "; each player is linked to it. Returns the competitor's number and
    name. Refused if a player is named twice or is already in a competitor of the event."""
    _rounds_event(store, event_id)
    if not refs:
        raise ArbitroError("name at least one player (--player CARD)", key="players.none")
    chosen = [find_player(store, ref) for ref in refs]
    seen: set[int] = set()
    for p in chosen:
        if p.id in seen:
            raise ConflictError("«{name}» is named twice", name=p.name, key="players.twice")
        seen.add(p.id)
        other = next((e for e in registry.entries_of(store, p.id) if e.event_id == event_id), None)
        if other is not None:
            raise ConflictError(
                "«{name}» already plays in {event} as no. {number}",
                name=p.name,
                event=event_id,
                number=other.competitor,
                key="players.registered",
            )
    competitor_name = name.strip() if name and name.strip() else " - ".join(p.name for p in chosen)
    service = EventService(store)
    number = service.run(event_id, Register(competitor_name, [p.name for p in chosen], actor))
    at = utc_now()
    for p in chosen:
        registry.link(store, Entry(p.id, event_id, number, at))
        registry.audit(store, AuditLine(at, actor, "register", p.id, None, f"{event_id} #{number}"))
    return number, competitor_name


def link_player(
    store: RecordStore, ref: str, event_id: str, competitor: int, actor: str = "director"
) -> Player:
    """Link a registry player to a competitor already registered in ``event_id`` (an event
    registered before the registry, or by name): the player's page then shows it."""
    _rounds_event(store, event_id)
    player = find_player(store, ref)
    EventService(store).state(event_id).competitor(competitor)
    at = utc_now()
    if not registry.link(store, Entry(player.id, event_id, competitor, at)):
        raise ConflictError(
            "«{name}» is already linked to no. {number} of {event}",
            name=player.name,
            number=competitor,
            event=event_id,
            key="players.linked",
        )
    registry.audit(
        store, AuditLine(at, actor, "link", player.id, None, f"{event_id} #{competitor}")
    )
    return player


# ---------------------------------------------------------------------------- GDPR
def export_player(
    store: RecordStore, player: Player, actor: str, now: datetime | None = None
) -> dict[str, Any]:
    """Everything the club's machine holds about ``player`` (GDPR art. 15 and 20) as one
    JSON document: the registry entry, the events played with results, and the audit lines
    about them. The export itself is audited."""
    at = now or utc_now()
    registry.audit(store, AuditLine(at, actor, "export", player.id, None, None))
    page = player_page(store, player)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": at.isoformat(),
        "exported_by": actor,
        **page.to_json(),
        "audit": [
            {
                "at": line.at.isoformat(),
                "by": line.actor,
                "action": line.action,
                "reason": line.reason,
                "detail": line.detail,
            }
            for line in registry.audit_lines(store, player.id)
        ],
    }


@dataclass(frozen=True, slots=True)
class Deletion:
    """What a deletion did: the registry number deleted, the events where the player's name
    was replaced, and the events where it was not found (to be seen to by hand)."""

    player_id: int
    anonymised: tuple[str, ...]
    not_found: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The deletion as JSON."""
        return {
            "player": self.player_id,
            "anonymised": list(self.anonymised),
            "not_found": list(self.not_found),
        }


def _replace_name(text: str, name: str, anonymous: str) -> str:
    """``text`` with every occurrence of ``name`` (case ignored, spaces as any run of
    spaces) replaced by ``anonymous``."""
    words = [re.escape(w) for w in name.split()]
    pattern = re.compile(r"\s+".join(words), re.IGNORECASE)
    return pattern.sub(anonymous, text)


def anonymised_competitor(
    name: str, players: Sequence[str], player_name: str, anonymous: str
) -> tuple[str, tuple[str, ...]] | None:
    """A competitor's name and players with ``player_name`` replaced by ``anonymous`` (in the
    players, and inside the competitor's name), the name found as written or with its words
    in the reverse order ("Rossi Mario", "Mario Rossi"); a competitor of one player (or none
    named) is renamed whole. None if the name is in neither (renamed since)."""
    forms = [player_name, " ".join(reversed(player_name.split()))]
    wanted = {fold(f) for f in forms}
    new_players = tuple(anonymous if fold(p) in wanted else p for p in players)
    new_name = name
    for form in forms:
        new_name = _replace_name(new_name, form, anonymous)
    if fold(name) in wanted:
        new_name = anonymous
    if new_players == tuple(players) and new_name == name:
        if len(players) <= 1:  # the competitor linked to the player is the player
            return anonymous, (anonymous,) if players else ()
        return None
    return new_name, new_players


def check_reason(reason: str) -> str:
    """The reason of a deletion, tidied; an ArbitroError if it is blank (it is audited)."""
    tidy = " ".join(reason.split())
    if not tidy:
        raise ArbitroError("give the reason of the deletion (--reason)", key="players.reason")
    return tidy


def delete_player(
    store: RecordStore,
    player: Player,
    reason: str,
    actor: str,
    anonymous: str | None = None,
    now: datetime | None = None,
) -> Deletion:
    """Delete ``player`` on request (GDPR art. 17): in every event the player is linked to,
    a ``competitor-renamed`` record replaces the name by ``anonymous`` ("anonimo" in
    Italian, "anonymous" in English: the run's language) in the competitor's name and
    players, with the reason; then the registry entry and its links are deleted and an audit
    line says who did it and why (the player named by registry number only). Records are
    never edited: the earlier records stay in the log (docs/players.md)."""
    reason = check_reason(reason)
    word = anonymous or _("anonymous")
    at = now or utc_now()
    service = EventService(store)
    done: list[str] = []
    missing: list[str] = []
    record_reason = f"GDPR art. 17: {reason}"
    for entry in registry.entries_of(store, player.id):
        if not store.has_event(entry.event_id) or store.event_kind(entry.event_id) != "rounds":
            missing.append(entry.event_id)
            continue
        state = service.state(entry.event_id)
        competitor = state.competitors.get(entry.competitor)
        changed = (
            None
            if competitor is None
            else anonymised_competitor(competitor.name, competitor.players, player.name, word)
        )
        if competitor is None or changed is None:
            missing.append(entry.event_id)
            continue
        new_name, new_players = changed
        number = entry.competitor
        holder = state.names.get(new_name.casefold())
        if holder is not None and holder != number:
            new_name = f"{new_name} #{number}"
        if (new_name, new_players) == (competitor.name, competitor.players):
            done.append(entry.event_id)  # already anonymous (a deletion run before)
            continue

        rename = values.Rename(number, new_name, new_players, actor, record_reason)
        try:
            service.run(entry.event_id, rename)
        except ArbitroError:  # refused by the event (a name too long...): left to the director
            missing.append(entry.event_id)
            continue
        done.append(entry.event_id)
    registry.delete_player(store, player.id)
    registry.audit(
        store,
        AuditLine(
            at,
            actor,
            "delete",
            player.id,
            reason,
            "anonymised: "
            + (", ".join(done) or "-")
            + ("; not found: " + ", ".join(missing) if missing else ""),
        ),
    )
    return Deletion(player.id, tuple(done), tuple(missing))


def audit_log(store: RecordStore, player_id: int | None = None) -> list[AuditLine]:
    """The registry's audit log (of one registry number if given), oldest first."""
    return registry.audit_lines(store, player_id)
