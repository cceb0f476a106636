"""The printouts' words in Italian and English (Italian first, English available).

The Italian wording follows the FIBAS code's sample score sheets (art. 19 "fac simile score a
squadre": Tavolo, Turno, Nord-Sud, Est-Ovest, Mano, Base, Punti, TOTALE, Riporto Sala Chiusa,
COMPLESSIVO, Sottrarre valore minore, Solo risultato positivo, V.P., Firma) and its VP tables
(art. 20 "Range di riferimento").
"""

from __future__ import annotations

from arbitro.errors import ArbitroError

LANGUAGES = ("it", "en")

LABELS: dict[str, tuple[str, str]] = {
    # shared
    "round": ("Turno", "Round"),
    "table": ("Tavolo", "Table"),
    "north_south": ("Nord-Sud", "North-South"),
    "east_west": ("Est-Ovest", "East-West"),
    "ns": ("N-S", "N-S"),
    "ew": ("E-O", "E-W"),
    "rest": ("Riposo", "Rest"),
    "rest_note": (
        "Tavolo incompleto: la linea presente riposa (art. 37)",
        "Incomplete table: the line present rests (art. 37)",
    ),
    "page": ("Pagina", "Page"),
    "pair": ("Coppia", "Pair"),
    "team": ("Squadra", "Team"),
    "player": ("Giocatore", "Player"),
    # table cards
    "table_card": ("Segnatavolo", "Table card"),
    "scan": (
        "Inquadra il codice per inserire lo score dal telefono",
        "Scan the code to enter the score sheet from a phone",
    ),
    # score sheets (art. 19-20)
    "score_pairs": ("SCORE — TORNEO A COPPIE", "SCORE SHEET — PAIRS EVENT"),
    "score_individual": ("SCORE — TORNEO INDIVIDUALE", "SCORE SHEET — INDIVIDUAL EVENT"),
    "score_teams": ("SCORE — TORNEO A SQUADRE", "SCORE SHEET — TEAMS EVENT"),
    "closed_room": ("SALA CHIUSA", "CLOSED ROOM"),
    "open_room": ("SALA APERTA", "OPEN ROOM"),
    "deal_n": ("{n}ª Mano", "Deal {n}"),
    "base": ("Base", "Base"),
    "points": ("Punti", "Points"),
    "total": ("TOTALE", "TOTAL"),
    "carried": ("Riporto Sala Chiusa", "Closed room carried over"),
    "grand_total": ("COMPLESSIVO", "GRAND TOTAL"),
    "subtract": ("Sottrarre valore minore", "Subtract the lower total"),
    "positive": ("Solo risultato positivo", "Positive result only"),
    "vp": ("V.P.", "VP"),
    "mp": ("M.P.", "MP"),
    "signature": ("Firma", "Signature"),
    "range_title": (
        "RANGE DI RIFERIMENTO — {label} (art. 20)",
        "VP SCALE — {label} (art. 20)",
    ),
    "deals_label": ("{n} SMAZZATE", "{n} DEALS"),
    "deal_label": ("1 SMAZZATA", "1 DEAL"),
    "teams_label": ("1-4 SMAZZATE — SQUADRE", "1-4 DEALS — TEAMS"),
    "diff_mp": ("Differenza M.P.", "MP difference"),
    "band": ("Da {low} a {high}", "{low} to {high}"),
    "beyond": ("Oltre {high}", "Over {high}"),
    "duplicate_note": (
        "Carte uguali: inizio scala = fine scala precedente + 0,001 (art. 20)",
        "Duplicate deals: each band starts at the previous band's end + 0.001 (art. 20)",
    ),
    "sign_note_pairs": (
        "Lo score deve essere controfirmato da almeno un componente di ogni coppia e "
        "consegnato all'Arbitro a cura della coppia vincente (art. 20).",
        "The sheet must be countersigned by at least one player of each pair and handed to "
        "the Arbiter by the winning pair (art. 20).",
    ),
    "sign_note_teams": (
        "Lo score deve essere controfirmato da almeno un componente di ogni squadra e "
        "consegnato all'Arbitro a cura della squadra vincente (art. 20).",
        "The sheet must be countersigned by at least one player of each team and handed to "
        "the Arbiter by the winning team (art. 20).",
    ),
    "carry_note": (
        "AL TERMINE DELLA PARTITA PORTARE QUESTO SCORE IN SALA APERTA PER PROCEDERE COI "
        "CONTEGGI FINALI, EVITANDO DI AVVICINARSI FINO AL TERMINE DELLA EVENTUALE PARTITA "
        "ANCORA IN CORSO.",
        "WHEN THE MATCH IS OVER, TAKE THIS SHEET TO THE OPEN ROOM FOR THE FINAL COUNT, "
        "WITHOUT APPROACHING THE TABLE UNTIL ANY MATCH STILL IN PROGRESS IS OVER.",
    ),
    # seating
    "seating_title": ("Posizione ai tavoli — Turno {n}", "Seating — Round {n}"),
    "by_table": ("Per tavolo", "By table"),
    "by_name": ("Per nome (ordine alfabetico)", "By name (alphabetical)"),
    "competitor": ("Concorrente", "Competitor"),
    "players": ("Giocatori", "Players"),
    "line": ("Linea", "Line"),
    "number_short": ("N.", "No."),
    # standings
    "standings_title": ("Classifica dopo il turno {n}", "Standings after round {n}"),
    "provisional": ("PROVVISORIA", "PROVISIONAL"),
    "final": ("DEFINITIVA", "FINAL"),
    "rank": ("Pos.", "Rank"),
    "warnings": ("Amm.", "Warn."),
    "penalty_vp": ("Pen. V.P.", "Pen. VP"),
    "penalty_mp": ("Pen. M.P.", "Pen. MP"),
    "lateness_mp": ("Ritardo M.P.", "Late MP"),
    "withdrawn": ("ritirato", "withdrawn"),
    "includes_penalties": (
        "V.P. e M.P. comprendono le penalità.",
        "VP and MP include the penalties.",
    ),
    "warnings_rule": (
        "Ogni {warnings} ammonizioni: {vp} V.P. e {mp} M.P. (art. {article}).",
        "Every {warnings} warnings: {vp} VP and {mp} MP (art. {article}).",
    ),
    "lateness_rule": (
        "Ritardo da {late_from} a {late_to} minuti: {late_mp} M.P. (art. {article}).",
        "Lateness from {late_from} to {late_to} minutes: {late_mp} MP (art. {article}).",
    ),
    "provisional_note": (
        "Classifica provvisoria: i reclami sui punteggi vanno presentati al Direttore del "
        "Torneo entro {minutes} minuti dall'esposizione (art. 39).",
        "Provisional standings: complaints about scores go to the Tournament Director within "
        "{minutes} minutes of posting (art. 39).",
    ),
    "final_note": (
        "Classifica definitiva e valida a tutti gli effetti (art. 39).",
        "Final standings, valid for all purposes (art. 39).",
    ),
}


def check_lang(lang: str) -> str:
    """The language code if supported (``it`` or ``en``), else an ArbitroError."""
    if lang not in LANGUAGES:
        raise ArbitroError(
            f"lingua «{lang}» non disponibile per le stampe (it, en)",
            f"language «{lang}» not available for printouts (it, en)",
        )
    return lang


def label(key: str, lang: str, **values: object) -> str:
    """The label ``key`` in ``lang`` (``it`` or ``en``), with ``{name}`` fields filled in."""
    it, en = LABELS[key]
    text = en if check_lang(lang) == "en" else it
    return text.format(**values) if values else text
