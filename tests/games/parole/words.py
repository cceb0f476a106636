"""The small in-memory lexicon of the engine's tests: every word they form (art. 4.1).

The engine takes its lexicon as a parameter; these tests do not need Hunspell's Italian
dictionary (tests/lexicon tests it), only the words they play, all of them Italian words.
A word not listed here is refused, like a non-word (CNAE) or a proper name (ROMA).
"""

from __future__ import annotations

from arbitro.games.parole import WordList

WORDS = WordList(
    ["ACE", "AIE", "ANI", "ARE", "ARI", "ASI", "ATE", "BAH", "BAR", "BEA", "BEH", "BES", "CAB", "CADA", "CAGA", "CAGNE", "CALA", "CANDE", "CANDO", "CANE", "CANEA", "CANEE", "CANI", "CANNE", "CANOE", "CANTO", "CAPA", "CARA", "CARNE", "CASA", "CASBA", "CASCA", "CASSA", "CASSAI", "CASSATA", "CASSATE", "CASSATI", "CASSATO", "CASSIA", "CASTA", "CAVA", "CHE", "CIANE", "COANE", "CRASSA", "CRI", "EHM", "EIA", "EMI", "EMO", "ERA", "ERG", "ERI", "EST", "ETA", "HOC", "ICE", "ICS", "ILE", "ILO", "IME", "IMO", "IRA", "IRE", "LEI", "LIMONE", "LIT", "MEN", "MIE", "MIO", "NEI", "NEL", "NEO", "NET", "NIT", "NOI", "OLI", "OMO", "ORA", "ORTA", "OZI", "PARCA", "PARIA", "PARLA", "PARRA", "PARSA", "PARTA", "POP", "RAG", "RAS", "RAZ", "REA", "REE", "REI", "REO", "RIA", "RIE", "RIN", "RIO", "SAI", "SASSO", "SCASSA", "SCI", "SEI", "SET", "SIA", "SIC", "SIE", "SIN", "SIR", "STA", "STO", "TEA", "TIC", "TIR", "TON", "TOR", "TRA", "TRE", "ZAR", "ZEN", "ZIE", "ZIO"]
)
