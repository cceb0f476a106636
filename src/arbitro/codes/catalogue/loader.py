"""Load the article catalogue packaged with arbitro (one JSON file per code).

The JSON files are generated from the seeds by ``tools/build_catalogue.py`` and committed;
nothing here reads the seeds.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from arbitro.codes.catalogue.catalogue import Catalogue
from arbitro.codes.catalogue.model import Article, CodeInfo
from arbitro.codes.registry import code_specs


def parse_code(data: dict[str, Any]) -> tuple[CodeInfo, tuple[Article, ...]]:
    """One code's JSON document as its :class:`CodeInfo` and its entries, in seed order."""
    info = CodeInfo(code=data["code"], name=data["name"], source=data["source"])
    articles = tuple(
        Article(
            code=info.code,
            number=str(raw["number"]),
            title=raw["title"],
            text=raw["text"],
            keywords=tuple(raw.get("keywords", ())),
            section=raw.get("section", ""),
            term=raw.get("term"),
            note=raw.get("note", ""),
        )
        for raw in data["articles"]
    )
    return info, articles


@cache
def load_catalogue() -> Catalogue:
    """The catalogue of every article of every code of the registry that has one (loaded
    once, then cached)."""
    codes: list[CodeInfo] = []
    articles: list[Article] = []
    for spec in code_specs():
        if spec.catalogue is None:
            continue
        data = json.loads(spec.catalogue.read_text("utf-8"))
        info, entries = parse_code(data)
        codes.append(info)
        articles.extend(entries)
    return Catalogue(tuple(codes), tuple(articles))
