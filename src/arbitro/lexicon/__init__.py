"""Dictionaries for the word games (an edge: they read files of the machine).

The Burraco Parole engine takes a :class:`~arbitro.games.parole.lexicon.Lexicon` as a
parameter; :mod:`arbitro.lexicon.hunspell` is the real one, Hunspell's Italian dictionary with
the exclusions of the UISP code (art. 4.1).
"""
