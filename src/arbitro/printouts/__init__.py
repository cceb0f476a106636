"""Printable PDFs of an event (A4, Italian first, English available): table cards with the
QR code of each table's score-entry page, score sheets in the FIBAS layout (art. 19-20),
seating lists (art. 4) and standings (art. 19, 39); the knockout bracket (Briscola art. 9);
the arbiter's report (``report``). No printout shows the time left in a round (art. 7)."""

from arbitro.printouts.bracket import bracket_pdf
from arbitro.printouts.score_sheets import score_sheets_pdf
from arbitro.printouts.seating import seating_pdf
from arbitro.printouts.standings import standings_pdf
from arbitro.printouts.table_cards import table_cards_pdf

__all__ = ["bracket_pdf", "score_sheets_pdf", "seating_pdf", "standings_pdf", "table_cards_pdf"]
