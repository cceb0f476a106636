"""What the Burraco Parole engine asks of a dictionary (art. 4.1), and the code's word rules:
kept importable here, written once in :mod:`arbitro.games.core.lexicon` (what a game of words
asks of a dictionary), which the dictionary's edge (:mod:`arbitro.lexicon`) reads without
naming the game (issue 30)."""

from __future__ import annotations

from arbitro.games.core.lexicon import ExactLexicon as ExactLexicon
from arbitro.games.core.lexicon import LetterIndex as LetterIndex
from arbitro.games.core.lexicon import Lexicon as Lexicon
from arbitro.games.core.lexicon import Reason as Reason
from arbitro.games.core.lexicon import SpellableLexicon as SpellableLexicon
from arbitro.games.core.lexicon import Verdict as Verdict
from arbitro.games.core.lexicon import WordList as WordList
from arbitro.games.core.lexicon import anagram_keys as anagram_keys
from arbitro.games.core.lexicon import is_letters as is_letters
from arbitro.games.core.lexicon import judge_lists as judge_lists
from arbitro.games.core.lexicon import normalize as normalize
from arbitro.games.core.lexicon import word_set as word_set
