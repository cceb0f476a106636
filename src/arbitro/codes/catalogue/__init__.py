"""The searchable catalogue of every article of every competition code.

>>> from arbitro.codes.catalogue import load_catalogue, search
>>> load_catalogue().article("burraco-fibas", "23").title
'POZZETTI'
>>> search("pozzetto visto prima")[0].article.ref
'23'

Data: one JSON file per code in this package, generated from the seeds by
``tools/build_catalogue.py`` (keywords from ``keywords.toml``) and committed.
"""

from arbitro.codes.catalogue.catalogue import Catalogue, code_aliases
from arbitro.codes.catalogue.loader import load_catalogue
from arbitro.codes.catalogue.model import Article, CodeInfo, SearchHit
from arbitro.codes.catalogue.search import search

__all__ = [
    "Article",
    "Catalogue",
    "CodeInfo",
    "SearchHit",
    "code_aliases",
    "load_catalogue",
    "search",
]
