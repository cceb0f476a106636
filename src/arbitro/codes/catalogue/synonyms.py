"""The table's words for the codes' words: what an arbiter types and what the articles say.

``keywords.toml`` holds them under ``[synonyms.all]`` (every code) and ``[synonyms.<code>]``
(one code's glossary, e.g. Scala 40's "attaccare" is the code's "legare"): a word as typed at the
table → the words or phrases of the codes it stands for. A query word also searches for its
synonyms (:mod:`.index`), so that "statino" finds the articles on the "score" and "si ritira"
those on "abbandono" (issue 31).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from arbitro.codes.catalogue.text import terms

# Code → query stem → the stem runs it also stands for; "*" holds the synonyms of every code.
Synonyms = dict[str, dict[str, tuple[tuple[str, ...], ...]]]
EVERY_CODE = "*"
SOURCE = "keywords.toml"


def source_bytes() -> bytes:
    """The file the synonyms are read from, as bytes (for the search index's fingerprint)."""
    return resources.files("arbitro.codes.catalogue").joinpath(SOURCE).read_bytes()


def parse(table: dict[str, Any]) -> Synonyms:
    """The ``[synonyms]`` table of ``keywords.toml`` stemmed: ``{"all": {"statino": ["score"]}}``
    → ``{"*": {"statin": (("scor",),)}}``. A key of several words is refused: synonyms are
    looked up one query word at a time."""
    out: Synonyms = {}
    for code, words in table.items():
        by_stem: dict[str, list[tuple[str, ...]]] = {}
        for word, phrases in words.items():
            key = terms(word)
            if len(key) != 1:
                raise ValueError(f"synonym key {word!r} of {code} is not one search word")
            runs = by_stem.setdefault(key[0], [])
            for phrase in phrases:
                run = tuple(terms(phrase))
                if run and run != (key[0],) and run not in runs:
                    runs.append(run)
        out[EVERY_CODE if code == "all" else code] = {k: tuple(v) for k, v in by_stem.items()}
    return out


def load() -> Synonyms:
    """The packaged synonyms, stemmed (see :func:`parse`)."""
    return parse(tomllib.loads(source_bytes().decode("utf-8")).get("synonyms", {}))
