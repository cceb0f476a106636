"""The dictionary test set (art. 4.1): words with the expected answer and their kind.

Valid: inflections of every allowed part of speech. Invalid: every excluded kind (proper
names, truncated words, abbreviations and acronyms, altered nouns, Roman numerals) plus
non-words, misspellings and signs the cards do not have.
"""

from __future__ import annotations

VALID: dict[str, str] = {
    # Nouns: masculine and feminine, singular and plural, invariable, loanwords.
    "noun": """casa case cane cani gatto gatti gatta gatte libro libri porta porte mano mani
        uomo uomini donna donne amico amici amica amiche radio crisi specie bue buoi dio dei
        ala ali uovo uova braccio braccia dito dita lenzuolo problema problemi tema poeta
        poeti medico medici albergo alberghi lago laghi sport film computer bar tram autobus
        foto auto moto radar laser vento ventaglio mattina occhiata occhiali bambino
        bambina bambini parola parole scopa mazzo carta carte tavolo""",
    # Altered in form, with a meaning of their own (art. 4.1: "bustina", a military cap).
    "own_meaning": """busta bustina bustine postino postini lampadina lampadine cucchiaino
        cucchiaini finestrino finestrini tavolino tavolini libretto libretti piattino
        scarpetta scarpone parolaccia parolacce""",
    # Adjectives: four forms, comparatives and superlatives, numerals.
    "adjective": """bello bella belli belle grande grandi verde verdi rosso rossa rossi rosse
        giallo gialla nuovo nuova nuovi nuove felice felici buono buona buoni buone migliore
        migliori peggiore ottimo pessimo bellissimo bellissima altissimo facile difficile
        tre sette dieci cento mille primo secondo terzo""",
    # Verbs: every mood and tense (no accented forms: the cards have no accents).
    "verb": """parlare parlo parli parla parliamo parlate parlano parlavo parlavi parlava
        parlavamo parlavate parlavano parlai parlasti parlammo parlaste parlarono parleremo
        parlerete parleranno parlerei parleresti parlerebbe parleremmo
        parlerebbero parlassi parlasse parlassimo parlassero parlando parlato parlante
        credere credo credi crede crediamo credete credono credevo credetti credemmo
        crederemo credessi crederebbe credendo creduto dormire dormo dormi dorme dormiamo
        dormivo dormii dormiremo dormirei dormissi dormendo dormito finire finisco finisci
        finisce finiamo finiscono finito essere sono sei siamo siete ero eri era eravamo
        erano fui fosti fummo furono saremo sarei sarebbe sia siano fossi fosse fossimo
        essendo stato avere ho hai abbiamo avete hanno avevo avemmo ebbe ebbero avremo avrei
        abbia abbiano avessi avendo avuto andare vado vai andiamo andate vanno andavo andai
        andremo andrei vada andassi andando andato fare faccio fai facciamo fate fanno
        facevo feci fece facemmo faremo farei faccia facessi facendo fatto dire dico dici
        diciamo dite dicono dicevo dissi disse diremo direi dica dicessi dicendo detto
        venire vengo vieni viene veniamo vengono venni verremo verrei venga venissi
        venendo venuto lavarsi lavati lavatevi""",
    # Adverbs.
    "adverb": """bene male molto poco sempre mai oggi ieri domani presto tardi qui qua li
        ancora forse anche spesso subito lentamente velocemente certamente insieme dove
        come quando adesso ormai""",
    # Pronouns.
    "pronoun": """io tu lui lei noi voi loro egli ella essi esse mio mia miei mie tuo suo
        nostro vostro questo questa quello quella chi che cui quale quali qualcuno nessuno
        ciascuno niente nulla tutto tutti altro""",
    # Prepositions, simple and with the article.
    "preposition": """di da in con su per tra fra del dello della dei degli delle dal
        dalla dai dagli nel nella nei negli sul sulla sui col presso verso sopra sotto
        dentro fuori contro senza durante""",
    # Conjunctions.
    "conjunction": """e ed o od ma anzi oppure neppure nemmeno neanche pure quindi dunque
        infatti mentre sebbene ossia siccome qualora""",
    # Interjections.
    "interjection": """ahi ohi ehi bah beh mah uffa evviva ciao ecco pst oh eh ah uh""",
}

INVALID: dict[str, str] = {
    # Proper names: refused in lower case, and any case is lowered first.
    "proper_name": """milano roma torino napoli venezia firenze italia francia europa
        giovanni maria luca anna sara pietro carlo roberto andrea tevere arno Milano Roma
        Italia Firenze""",
    # Truncated words: apocope, and oxytones that need an accent the cards do not have.
    "truncated": """bel buon gran san quel signor dottor professor suor nessun alcun
        ciascun qual tal cuor fior amor mar pur ben mal son han siam dir far aver esser
        poter voler vuol citta perche piu virtu caffe gia ahime mangiar parlar andar venir
        dormir ciel gentil pan man fin""",
    # Abbreviations, units, acronyms.
    "abbreviation": """km kg cm mm ml kmq ok ecc etc ing art prof tac ufo cd www http tbc
        vip info KM Ok""",
    # Acronyms Hunspell knows only in capitals, or not at all.
    "acronym": """onu rai dna iva irpef tv dvd usb gps sms sos pc ONU Rai""",
    # Altered nouns with no meaning of their own.
    "altered": """casetta casette gattino gattini gattina gattone cagnolino cagnolini
        cagnetto libricino librone ragazzino ragazzina ragazzaccio alberello fiorellino
        uccellino pesciolino manina piedino nasone omone omaccio donnone tempaccio casone
        casuccia fratellino sorellina nonnino nonnina vecchietto giornataccia bacetto
        bacione amichetto vinello venticello finestrella bambinone cappellino""",
    # Roman numerals.
    "roman_numeral": """iii vii viii xiv xvi xix xxi lvi lxx mcm mmxx dcl civ cdl mdc mmm
        XIV""",
    # Not words: misspellings, invented forms, wrong inflections.
    "unknown": """kasa cassaa parlavammo andetti scrivuto aprito vengato dicio
        facetti qwerty zzz abbbb ciaoo mangiavammo credetto dormisco finisso essuto
        bellisimo perfavore""",
    # Signs the cards do not have: accents, apostrophes, digits, hyphens, spaces.
    "not_letters": """città perché più l'acqua po' dell' e-mail abc1 casa! caffè""",
}
