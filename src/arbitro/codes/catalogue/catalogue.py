"""The catalogue: every article and defined term of every code, looked up or searched."""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

from arbitro.codes.catalogue.model import Article, CodeInfo, SearchHit, term_slug
from arbitro.codes.registry import code_specs
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.codes.catalogue import index as index_module
    from arbitro.codes.catalogue.index import SearchIndex
else:
    index_module = lazy_module("arbitro.codes.catalogue.index")


def code_aliases() -> dict[str, str]:
    """The other names an arbiter may type for a code (``fibas``, ``scala-40``), from each
    code's spec in the registry, and each code's own id."""
    return {name: str(s.id) for s in code_specs() for name in (str(s.id), *s.aliases)}


_ART_PREFIX = re.compile(r"^(?:articolo|art\.?|law|legge)\s*", re.IGNORECASE)


class Catalogue:
    """Every entry of every code, in seed order, with lookups by code and article number."""

    def __init__(self, codes: tuple[CodeInfo, ...], articles: tuple[Article, ...]) -> None:
        self._codes = {c.code: c for c in codes}
        self._articles = articles
        self._by_ref: dict[tuple[str, str], Article] = {}
        for a in articles:
            key = (a.code, a.ref.lower())
            if key in self._by_ref:
                raise ValueError(f"duplicate catalogue entry {a.code} {a.ref}")
            self._by_ref[key] = a

    @property
    def codes(self) -> tuple[CodeInfo, ...]:
        """The codes of the catalogue."""
        return tuple(self._codes.values())

    def code(self, code: str) -> CodeInfo:
        """The code named ``code`` (its id or an alias such as ``fibas``, ``scala-40``)."""
        return self._codes[self.resolve_code(code)]

    def resolve_code(self, code: str) -> str:
        """The code id for ``code`` or one of its aliases; unknown → :class:`NotFoundError`."""
        key = re.sub(r"[\s_]+", "-", code.strip().lower())
        resolved = code_aliases().get(key, key)
        if resolved not in self._codes:
            known = ", ".join(self._codes)
            raise NotFoundError(
                "Unknown competition code: '{code}'. Available codes: {known}",
                code=code,
                known=known,
                key="unknown-code",
            )
        return resolved

    def articles(self, code: str | None = None) -> tuple[Article, ...]:
        """The entries of ``code`` (every code if ``None``), in seed order, definitions too."""
        if code is None:
            return self._articles
        resolved = self.resolve_code(code)
        return tuple(a for a in self._articles if a.code == resolved)

    def definitions(self, code: str | None = None) -> tuple[Article, ...]:
        """The entries of the defined terms of ``code`` (of every code if ``None``)."""
        return tuple(a for a in self.articles(code) if a.term is not None)

    def article(self, code: str, number: str) -> Article:
        """The entry ``number`` of ``code``: ``"23"``, ``"Art. 4.1"``, ``"2:pozzetto"``.

        A definition is ``<page>:<term>`` where the term may be typed with spaces, accents
        and capitals (``"2:Carta Esposta"``). Unknown → :class:`NotFoundError` naming it.
        """
        resolved = self.resolve_code(code)
        ref = _ART_PREFIX.sub("", number.strip()).strip()
        if ":" in ref:
            page, term = ref.split(":", 1)
            ref = f"{page.strip()}:{term_slug(term)}"
        found = self._by_ref.get((resolved, ref.lower()))
        if found is None:
            raise NotFoundError(
                "Article '{number}' is not in code {code}",
                number=number,
                code=resolved,
                key="unknown-article",
            )
        return found

    @cached_property
    def index(self) -> SearchIndex:
        """The search index over every entry (built on first use, or read from the cache file
        of a previous build, :func:`~arbitro.codes.catalogue.index.cached_index`)."""
        return index_module.cached_index(self._articles)

    def search(self, query: str, *, code: str | None = None, limit: int = 10) -> list[SearchHit]:
        """The entries best matching ``query`` (Italian, any inflection, accents optional),
        best first, at most ``limit``, only of ``code`` if given."""
        if limit < 1:
            raise ArbitroError(
                "The result limit must be at least 1 (got {limit})",
                limit=limit,
                key="bad-limit",
            )
        resolved = self.resolve_code(code) if code is not None else None
        return self.index.search(query, code=resolved, limit=limit)
