"""Full-text search of the articles, as the CLI and the web app call it."""

from __future__ import annotations

from arbitro.codes.catalogue.loader import load_catalogue
from arbitro.codes.catalogue.model import SearchHit


def search(query: str, *, code: str | None = None, limit: int = 10) -> list[SearchHit]:
    """The entries of the packaged catalogue best matching ``query``, best first, one per
    article (a definitions page and its terms are one article: issue 31).

    Italian-aware (accents optional, inflections folded by the Snowball stemmer, stop words
    ignored, the table's words read as the codes' through the synonyms of ``keywords.toml``);
    ``code`` restricts the search to one code (id or alias such as ``fibas``);
    unknown code or ``limit < 1`` → :class:`arbitro.errors.ArbitroError`.
    """
    return load_catalogue().search(query, code=code, limit=limit)
