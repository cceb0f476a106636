"""Build the article catalogue (``src/arbitro/codes/catalogue/*.json``) from the seeds.

Usage::

    python tools/build_catalogue.py /work/shared/seeds

Each seed has its own layout, so each has its own small parser below; all of them produce
entries ``{number, title, section, term, note, keywords, text}`` where ``text`` is the
Italian text of the seed as written (the lines between one heading and the next, with the
blank lines at both ends removed). Definitions pages give one entry for the whole page and
one entry per defined term. Keywords come from the hand-written
``src/arbitro/codes/catalogue/keywords.toml`` and are merged here. The generated JSON files
are committed: the installed package never reads the seeds.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "src" / "arbitro" / "codes" / "catalogue"
KEYWORDS_FILE = OUT_DIR / "keywords.toml"

SEEDS = {
    "burraco-fibas": "000_bf77f547087dbcea.txt",
    "briscola": "001_376921534efa463e.txt",
    "burraco-parole-uisp": "002_ae48cb356aac17b6.txt",
    "bridge-law-13": "003_c71d062abfa2ed48.txt",
    "scala40": "004_53dea430655a7be2.txt",
}

NAMES = {
    "burraco-fibas": "Burraco – Codice di Gara FIBAS (aggiornato al 01 aprile 2014)",
    "briscola": "Briscola – Regolamento del torneo",
    "burraco-parole-uisp": "Burraco Parole Basic – Regolamento e Codice di gara UISP (2020)",
    "bridge-law-13": "Bridge – Codice di Gara, Articolo 13 (numero errato di carte)",
    "scala40": "Scala 40 – Codice di Gara",
}

DEFINITIONS = "definizioni"
PREAMBLE = "premessa"
NOTE_NO_TITLE = "Il seed non stampa un titolo per questo articolo: titolo redatto per il catalogo."
NOTE_NO_HEADING = (
    "Nel corpo del seed manca l'intestazione di questo articolo: numero e titolo vengono "
    "dall'indice, il testo è quello che nel seed si trova al suo posto."
)


@dataclass
class Entry:
    """One catalogue entry while it is being built."""

    number: str
    title: str
    section: str
    text: str
    term: str | None = None
    note: str = ""
    keywords: list[str] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return self.number if self.term is None else f"{self.number}:{slug(self.term)}"

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "term": self.term,
            "title": self.title,
            "section": self.section,
            "note": self.note,
            "keywords": self.keywords,
            "text": self.text,
        }


def slug(term: str) -> str:
    """``'Andare a pozzetto "al volo"'`` → ``andare-a-pozzetto-al-volo``."""
    plain = unicodedata.normalize("NFKD", term)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def block(lines: list[str], drop: set[str] | None = None) -> str:
    """The lines joined as written, without blank lines at both ends (and without ``drop``)."""
    kept = [ln.rstrip() for ln in lines if not (drop and ln.strip() in drop)]
    while kept and not kept[0].strip():
        kept.pop(0)
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept)


def find_line(lines: list[str], start: int, prefix: str) -> int:
    """Index of the first line at or after ``start`` that starts with ``prefix``."""
    for i in range(start, len(lines)):
        if lines[i].strip().startswith(prefix):
            return i
    raise SystemExit(f"cannot find a line starting with {prefix!r}")


# --------------------------------------------------------------------------- Burraco FIBAS

FIBAS_HEADING = re.compile(r"^ART\.\s*-?\s*(\d+)\s*[-–]?\s*(.*)$")
FIBAS_SECTION = re.compile(r"^SEZIONE [A-G]\b")
# Art. 20 has no heading in the seed: its text ("La compilazione dello score…") sits between
# the VP tables of art. 19 and the heading of art. 21.
FIBAS_ART20_ANCHOR = "La compilazione dello score è compito del giocatore della coppia"
FIBAS_ART20_TITLE = "Score: compilazione e consegna"
FIBAS_TERM = re.compile(r"^([A-Z][^:]{1,45}):\s*(.*)$")


def parse_fibas(lines: list[str]) -> list[Entry]:
    """Articles ``ART. n – TITOLO`` grouped in ``SEZIONE x``; art. 2 split by term."""
    body_start = 0
    marks: list[tuple[int, int, str, str]] = []  # (line, skip, number, title)
    sections: dict[int, str] = {}
    section = ""
    art20 = find_line(lines, body_start, FIBAS_ART20_ANCHOR)
    for i in range(body_start, len(lines)):
        s = lines[i].strip()
        if FIBAS_SECTION.match(s) and "Pag." not in s:
            section = s
            sections[i] = s
            continue
        m = FIBAS_HEADING.match(s)
        if m:
            marks.append((i, 1, m.group(1), m.group(2).strip(" -–")))
        if i == art20:
            marks.append((i, 0, "20", FIBAS_ART20_TITLE))
    marks.sort()
    entries: list[Entry] = []
    section_names = set(sections.values())
    for k, (line, skip, number, title) in enumerate(marks):
        end = marks[k + 1][0] if k + 1 < len(marks) else len(lines)
        section = ""
        for sline, sname in sections.items():
            if sline < line:
                section = sname
        note = ""
        if number == "20":
            note = (
                "Il seed non stampa l'intestazione dell'art. 20: il testo è quello tra le "
                "tabelle dell'art. 19 e l'art. 21; titolo redatto per il catalogo."
            )
        text = block(lines[line + skip : end], drop=section_names)
        entries.append(Entry(number, title, section, text, note=note))
        if number == "2":
            entries.extend(fibas_terms(lines[line + 1 : end], section))
    return entries


def fibas_terms(lines: list[str], section: str) -> list[Entry]:
    """``Termine: definizione`` paragraphs of art. 2 (continuation lines stay with their term)."""
    terms: list[tuple[str, list[str]]] = []
    for raw in lines:
        s = raw.strip()
        m = FIBAS_TERM.match(s)
        if m and not s.startswith("-") and not s.startswith("Victory"):
            terms.append((m.group(1).strip(), [raw]))
        elif terms:
            terms[-1][1].append(raw)
    return [
        Entry("2", f"Definizioni: {term}", section, block(body), term=term) for term, body in terms
    ]


# --------------------------------------------------------------------------- Briscola

BRISCOLA_HEADING = re.compile(r"^(\d+)- ")
BRISCOLA_TITLES = {
    "1": "Scelta del mazziere",
    "2": "Mescolatura e taglio del mazzo",
    "3": "Distribuzione delle carte e seme di briscola",
    "4": "Svolgimento della mano",
    "5": "Valore delle carte e presa",
    "6": "Raccolta delle carte vinte",
    "7": "Ultima mano",
    "8": "Punteggio: carichi, 61 punti e parità",
    "9": "Partite: due su tre",
    "10": "Irregolarità che fanno perdere la partita",
}


def parse_briscola(lines: list[str]) -> list[Entry]:
    """The numbered rules ``1- …`` to ``10- …``; the opening lines (iscrizioni, mazzo) too."""
    rules_start = find_line(lines, 0, "Regolamento di gioco")
    marks = [
        (i, BRISCOLA_HEADING.match(lines[i].strip()))
        for i in range(rules_start, len(lines))
        if BRISCOLA_HEADING.match(lines[i].strip())
    ]
    entries = [
        Entry(
            PREAMBLE,
            "Regolamento: iscrizioni, quota e mazzo di carte",
            "Regolamento",
            block(lines[find_line(lines, 0, "Regolamento") + 1 : rules_start]),
            note=NOTE_NO_TITLE,
        )
    ]
    for k, (line, m) in enumerate(marks):
        assert m is not None
        end = marks[k + 1][0] if k + 1 < len(marks) else len(lines)
        number = m.group(1)
        entries.append(
            Entry(
                number,
                BRISCOLA_TITLES[number],
                "Regolamento di gioco",
                block(lines[line:end]),
                note=NOTE_NO_TITLE,
            )
        )
    return entries


# --------------------------------------------------------------------------- Burraco Parole

PAROLE_INDEX = re.compile(r"^(?:<b>)?(\d+(?:\.\d+)?)(?:</b>)?\t(?:<b>)?(.+?)(?:</b>)?\t")
PAROLE_CHAPTER = re.compile(r"^## (\w+ CAPITOLO – .+)$")
PAROLE_HEADING = re.compile(r"^[#*\s]*ART\.\s*(\d+(?:\.\d+)?)\b\**\s*(.*?)\**$")
# Articles whose heading is missing from the seed's body: the first words of their text.
PAROLE_ANCHORS = {
    "1.1": "## Fare burraco e chiudere",
    "3": "La direzione di gara prima di iniziare una manifestazione",
    "3.4": "Il cartaro ha il compito di verificare",
    "4.4": "Le matte possono essere impiegate per sostituire",
    "5": "Dopo la “chiusura” da parte di un qualsiasi giocatore",
    "6.1": "Nei tornei di burraco parole da tre a più tavoli",
    "7": "Il «time out» è un supplemento di tempo",
    "10.14": "- 1 - Se un giocatore pesca dal tallone quando non è il suo turno",
    "10.15": "Se al termine di una smazzata un giocatore mischia",
    "13.4": "Ai giocatori che abbandonano o vengono allontanati",
    "14.3": "Il provvedimento disciplinare è una penalità",
    "14.4": "Le sanzioni arbitrali, in ordine di gravità",
    "14.5": "**a) Richiamo ufficiale**",
    "15": "Sedersi ad un tavolo, fare qualunque gioco",
}
# Articles printed only in the index, with no text of their own (their sub-articles follow).
PAROLE_EMPTY = {"11", "14"}


def parse_parole(lines: list[str]) -> list[Entry]:
    """Numbers and titles from the INDICE GENERALE; texts from the body's ``ART. x`` headings
    (or, where a heading is missing, from the anchor lines above); definitions split by term."""
    index_start = find_line(lines, 0, "# INDICE GENERALE")
    defs_start = find_line(lines, index_start, "## Definizioni")
    body_start = find_line(lines, defs_start, "## ART. 1")
    body_end = find_line(lines, body_start, "# INDICE ALFABETICO")
    titles: dict[str, str] = {}
    chapters: dict[str, str] = {}
    order: list[str] = []
    chapter = ""
    for raw in lines[index_start:defs_start]:
        cm = PAROLE_CHAPTER.match(raw.strip())
        if cm:
            chapter = cm.group(1)
            continue
        m = PAROLE_INDEX.match(raw)
        if m:
            titles[m.group(1)] = m.group(2).strip()
            chapters[m.group(1)] = chapter
            order.append(m.group(1))

    # Where each article's text starts: (line, lines to skip for the heading/title).
    starts: dict[str, tuple[int, int]] = {}
    for i in range(body_start, body_end):
        m = PAROLE_HEADING.match(lines[i].strip())
        if not m or m.group(1) not in titles or m.group(1) in starts:
            continue
        skip, title = 1, m.group(2).strip("* ")
        if not title:  # title on the next non-empty line
            j = i + 1
            while not lines[j].strip():
                j += 1
            if not lines[j].strip().upper().startswith(("ART", "**ART")):
                skip, title = j - i + 1, lines[j].strip("#* \t")
        starts[m.group(1)] = (i, skip)
        if title:
            titles[m.group(1)] = title
    for number, anchor in PAROLE_ANCHORS.items():
        line = find_line(lines, body_start, anchor)
        starts[number] = (line, 1 if anchor.startswith("##") else 0)
    missing = [n for n in order if n not in starts and n not in PAROLE_EMPTY]
    if missing:
        raise SystemExit(f"Parole: no text found for articles {missing}")

    entries: list[Entry] = []
    premessa_start = find_line(lines, 0, "#### **LO SCOPO DEL CODICE DI GARA**")
    entries.append(
        Entry(
            PREAMBLE,
            "Lo scopo del codice di gara; regole generali; origini ed obiettivi del gioco",
            "Regolamento e codice di gara",
            block(lines[premessa_start:index_start]),
            note=NOTE_NO_TITLE,
        )
    )
    entries.append(
        Entry(
            DEFINITIONS,
            "Definizioni",
            "Definizioni",
            block(lines[defs_start + 1 : body_start]),
        )
    )
    for raw in lines[defs_start + 1 : body_start]:
        parts = raw.split("\t")
        if len(parts) == 2:
            term = re.sub(r"</?b>", "", parts[0]).strip()
            entries.append(
                Entry(
                    DEFINITIONS,
                    f"Definizioni: {term}",
                    "Definizioni",
                    raw.rstrip(),
                    term=term,
                )
            )
    ordered = sorted((starts[n][0], n) for n in starts)
    bounds = {
        n: (line, ordered[k + 1][0] if k + 1 < len(ordered) else body_end)
        for k, (line, n) in enumerate(ordered)
    }
    for number in order:
        if number in PAROLE_EMPTY:
            text, note = (
                "",
                (
                    "Nel seed questo articolo ha solo il titolo (nell'indice): il testo è nei "
                    "suoi sotto-articoli."
                ),
            )
        else:
            line, end = bounds[number]
            skip = starts[number][1]
            text = block(lines[line + skip : end])
            note = NOTE_NO_HEADING if number in PAROLE_ANCHORS else ""
            if not text:
                note = "Nel seed questo articolo ha solo il titolo: il testo è nei suoi sotto-articoli."
            if number == "1.1":
                note = (
                    "Nel corpo del seed il testo è intitolato «Fare burraco e chiudere»; "
                    "numero e titolo vengono dall'indice."
                )
        entries.append(Entry(number, titles[number].strip(), chapters[number], text, note=note))
    return entries


# --------------------------------------------------------------------------- Bridge Law 13

BRIDGE_HEADING = re.compile(r"^Art\. (\d+) – (.+)$")


def parse_bridge(lines: list[str]) -> list[Entry]:
    """The single article ``Art. 13 – NUMERO ERRATO DI CARTE`` (up to the page footer)."""
    for i, raw in enumerate(lines):
        m = BRIDGE_HEADING.match(raw.strip())
        if m:
            end = find_line(lines, i, "Pubblicato")
            section = next(ln.strip() for ln in lines if ln.strip())
            return [Entry(m.group(1), m.group(2).strip(), section, block(lines[i + 1 : end]))]
    raise SystemExit("bridge: no article heading")


# --------------------------------------------------------------------------- Scala 40

SCALA_INDEX = re.compile(r"^(?:- )?Art\. (\d+) (.+)$")
SCALA_HEADING = re.compile(r"^Art\. (\d+) (.+)$")
PAGE_NUMBER = re.compile(r"^\d{1,2}$")
SCALA_BODY_SECTIONS = {
    "PRELIMINARI",
    "Leggi sulle irregolarità",
    "CARTE",
    "CHIUSURE",
    "PUNTEGGI E SCORE",
    "Abbandono della gara e ritardi",
}


def parse_scala40(lines: list[str]) -> list[Entry]:
    """``Art. n Titolo`` headings; sections and the missing art. 21 from the INDICE ANALITICO;
    the DEFINIZIONI page as alternating term/definition lines. Page numbers are dropped."""
    index_start = find_line(lines, 0, "INDICE ANALITICO")
    defs_start = find_line(lines, find_line(lines, index_start, "Art. 26"), "DEFINIZIONI")
    index_titles: dict[str, str] = {}
    sections: dict[str, str] = {}
    section = ""
    for raw in lines[index_start + 1 : defs_start]:
        s = raw.strip()
        if not s:
            continue
        m = SCALA_INDEX.match(s)
        if m:
            index_titles[m.group(1)] = m.group(2).rstrip("¹ ").strip()
            sections[m.group(1)] = section
        elif s != "DEFINIZIONI":
            section = s
    kept = [ln for ln in lines if not PAGE_NUMBER.match(ln.strip())]
    # Work on the lines without page numbers from here on.
    defs_start = find_line(kept, find_line(kept, 0, "Art. 26"), "DEFINIZIONI")
    body_start = find_line(kept, defs_start, "PRELIMINARI")
    entries = [
        Entry(DEFINITIONS, "Definizioni", "DEFINIZIONI", block(kept[defs_start + 1 : body_start]))
    ]
    pairs = [ln.strip() for ln in kept[defs_start + 1 : body_start] if ln.strip()]
    for term, definition in zip(pairs[::2], pairs[1::2], strict=True):
        entries.append(
            Entry(
                DEFINITIONS,
                f"Definizioni: {term}",
                "DEFINIZIONI",
                f"{term}\n\n{definition}",
                term=term,
            )
        )
    marks: list[tuple[int, int, str, str]] = []
    for i in range(body_start, len(kept)):
        m = SCALA_HEADING.match(kept[i].strip())
        if not m:
            continue
        title, skip = m.group(2).strip(), 1
        if title.endswith(" di"):  # "Art. 20 … mancanza di carta di" / "scarto"
            j = i + 1
            while not kept[j].strip():
                j += 1
            title, skip = f"{title} {kept[j].strip()}", j - i + 1
        marks.append((i, skip, m.group(1), title))
    found = {number for _, _, number, _ in marks}
    articles: list[Entry] = []
    for k, (line, skip, number, title) in enumerate(marks):
        end = marks[k + 1][0] if k + 1 < len(marks) else len(kept)
        text = block(kept[line + skip : end], drop=SCALA_BODY_SECTIONS)
        articles.append(Entry(number, title, sections[number], text))
    for number, title in index_titles.items():
        if number not in found:
            articles.append(
                Entry(
                    number,
                    title,
                    sections[number],
                    "",
                    note=(
                        f"Il testo dell'art. {number} non è presente nel seed: "
                        "l'articolo compare solo nell'indice analitico."
                    ),
                )
            )
    articles.sort(key=lambda e: int(e.number))
    return entries + articles


# --------------------------------------------------------------------------- main

PARSERS = {
    "burraco-fibas": parse_fibas,
    "briscola": parse_briscola,
    "burraco-parole-uisp": parse_parole,
    "bridge-law-13": parse_bridge,
    "scala40": parse_scala40,
}


def merge_keywords(code: str, entries: list[Entry], curated: dict[str, Any]) -> None:
    """Attach the hand-written keywords; a defined term is always a keyword of its entry."""
    table: dict[str, list[str]] = curated.get(code, {})
    refs = {e.ref for e in entries}
    unknown = sorted(set(table) - refs)
    if unknown:
        raise SystemExit(f"{code}: keywords for unknown entries {unknown}")
    for e in entries:
        words = list(table.get(e.ref, []))
        if e.term is not None:
            words = ["definizione", e.term.lower().replace('"', ""), *words]
        e.keywords = list(dict.fromkeys(words))


def build(seeds: Path, out_dir: Path = OUT_DIR) -> dict[str, int]:
    """Parse every seed, merge the keywords and write one JSON file per code."""
    curated = tomllib.loads(KEYWORDS_FILE.read_text("utf-8")) if KEYWORDS_FILE.exists() else {}
    counts: dict[str, int] = {}
    for code, filename in SEEDS.items():
        lines = (seeds / filename).read_text("utf-8").splitlines()
        entries = PARSERS[code](lines)
        refs = [e.ref for e in entries]
        dupes = sorted({r for r in refs if refs.count(r) > 1})
        if dupes:
            raise SystemExit(f"{code}: duplicate entries {dupes}")
        merge_keywords(code, entries, curated)
        data = {
            "code": code,
            "name": NAMES[code],
            "source": filename,
            "articles": [e.as_json() for e in entries],
        }
        path = out_dir / f"{code}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
        counts[code] = len(entries)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", type=Path, help="folder with the seed texts")
    args = parser.parse_args(argv)
    for code, n in build(args.seeds).items():
        print(f"{code}: {n} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
