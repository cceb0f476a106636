"""The catalogue's values: a code, one article (or defined term) of it, and a search hit."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass


def term_slug(term: str) -> str:
    """A defined term as a reference: ``'Andare a pozzetto "al volo"'`` → ``andare-a-pozzetto-al-volo``."""
    plain = unicodedata.normalize("NFKD", term)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """One competition code of the catalogue: its id, its printed name and its seed file."""

    code: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class Article:
    """One article of a code as printed in its seed, or one term of a definitions page.

    ``number`` is the article number as printed ("23", "4.1", "13"); the codes whose
    definitions page has no number use ``"definizioni"``, and unnumbered opening pages use
    ``"premessa"``. A definition entry has ``term`` set and shares ``number`` with its page;
    ``ref`` tells entries apart (``"2"`` is FIBAS art. 2, ``"2:pozzetto"`` its term "Pozzetto").
    ``text`` is the Italian text exactly as written in the seed; ``note`` says where the
    catalogue had to reconstruct a heading the seed does not print.
    """

    code: str
    number: str
    title: str
    text: str
    keywords: tuple[str, ...]
    section: str
    term: str | None = None
    note: str = ""

    @property
    def ref(self) -> str:
        """The entry's reference within its code: the number, plus ``:term`` for a definition."""
        return self.number if self.term is None else f"{self.number}:{term_slug(self.term)}"

    @property
    def is_definition(self) -> bool:
        """True for the entry of one defined term."""
        return self.term is not None

    @property
    def label(self) -> str:
        """How an arbiter cites the entry: ``Art. 23 – POZZETTI``, ``Definizioni: Pozzetto``."""
        if self.number in ("definizioni", "premessa") or self.term is not None:
            return self.title
        return f"Art. {self.number} – {self.title}"


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: the entry, its score (higher is better) and a snippet of its text."""

    article: Article
    score: float
    snippet: str
