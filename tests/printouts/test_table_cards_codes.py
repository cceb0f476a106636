"""The table card prints each line's code on its half (issue 29): the code a line's phone
signs its sheet with (FIBAS art. 20: "lo score deve essere controfirmato da almeno un
componente di ogni coppia"; Scala 40 art. 23: every player)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.printouts.pdfcheck import pdf_text

from arbitro.printouts import table_cards_pdf
from arbitro.tournament.event import EventState
from arbitro.web.tokens import card_codes, line_code, table_path


def test_each_half_of_the_table_card_prints_its_lines_code_art_20(
    demo_state: EventState, teams_state: EventState, tmp_path: Path
) -> None:
    """The table card (FIBAS art. 4) prints on each line's half that line's own code, the
    one its phone signs with (art. 20), in Italian ("Codice") and English ("Code"); a team
    match's closed-room card, where the teams swap lines (art. 19), prints each team's code
    on its own half; a resting table (art. 37) has no code."""
    secret = b"the installation's secret"
    for state, rnd in ((demo_state, 1), (teams_state, 1)):
        seating = state.round(rnd).seating
        assert seating is not None
        urls = {
            t.table: "https://gare.example.it" + table_path(secret, state.event_id, t.table, rnd)
            for t in seating.tables
        }
        codes = card_codes(secret, seating.tables, urls)
        for lang, word in (("it", "Codice"), ("en", "Code")):
            pdf = table_cards_pdf(state, rnd, urls, lang=lang, codes=codes)
            text = pdf_text(pdf, tmp_path, f"{lang}{rnd}")
            # one card per table (per room for teams): its codes, left half first
            cards = [
                re.findall(rf"{word} (\d{{3}} \d{{3}})", card)
                for card in re.split(r"(?:TAVOLO|TABLE)\b", text)[1:]
            ]
            complete = [t for t in seating.tables if not t.is_incomplete]
            assert set(codes) == {t.table for t in complete}
            for t in complete:
                token = urls[t.table].rsplit("/t/", 1)[1]
                ns, ew = (line_code(secret, token, line) for line in ("ns", "ew"))
                assert codes[t.table] == {"ns": ns, "ew": ew}
                shown = [f"{c[:3]} {c[3:]}" for c in (ns, ew)]
                assert shown in cards, (t.table, shown, cards)  # N-S left, E-O right
                if state is teams_state:  # the closed room: team B's code on the left
                    assert shown[::-1] in cards
            rest = [t for t in seating.tables if t.is_incomplete]
            assert all(t.table not in codes for t in rest)
