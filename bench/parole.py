"""Benchmark: Burraco Parole word checks per second and the wild-letter search (issue 7).

Method (one process, one core, CPU time (time.process_time, so that other jobs on the machine
do not count), best of ``--repeat`` runs):

1. Word checks per second, each on a fresh :class:`Dictionary` (so its memo starts empty) over
   distinct words: (a) the lemmas of Debian's ``it_IT.dic`` (letters only, lower case) — real
   words; (b) random strings of 3-8 Italian letters — mostly non-words, the engine's usual
   query when it tries letters; (c) the same queries again on a warm dictionary (memo), the
   engine's case within a deal; (d) raw Hunspell ``spell`` on (a) and (b), the baseline.
2. The wild-letter search of art. 4.4 for 7-card words with one jolly (21 letters tried):
   ``readings`` on a cold dictionary and without the engine's cache (each pattern first seen),
   then warm; median and worst in milliseconds.
3. Whole deals played by four greedy bots, deals per second.
4. ``Deal.legal_moves`` (every word and lay-off, issue 15) and ``Deal.bot_moves`` (the
   three-card words and one-card lay-offs the bots choose from) at every play-phase position
   of greedy deals: milliseconds per position (mean, median, worst) and moves listed; the
   first call also reads the dictionary's affix rules (``--legal 0`` skips this part).

Targets (issue 7): 100,000+ word checks per second; the 7-letter wild search under 1 ms.
Run: .venv/bin/python bench/parole.py [--words 20000] [--repeat 3] [--deals 20]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from arbitro.codes.burraco_parole import burraco_parole
from arbitro.games.parole import Deal, GreedyBot, parse_cards, play_deal
from arbitro.games.parole.words import _readings
from arbitro.lexicon.hunspell import HUNSPELL_DIR, Dictionary, italian

LETTERS = "abcdefghilmnopqrstuvz"
WILD_PATTERNS = [
    "CAS?ATA",
    "PAR?AVO",
    "?ARLATO",
    "MANGIA?",
    "SCA?ATO",
    "TAVOL?A",
    "BAL?ENA",
    "CAMMI?O",
    "FINEST?",
    "PORTA?E",
]


def lemmas(n: int, rng: random.Random) -> list[str]:
    """``n`` distinct lower-case, letters-only lemmas of it_IT.dic."""
    with open(f"{HUNSPELL_DIR}/it_IT.dic", encoding="utf-8") as f:
        words = {ln.split("/")[0].strip() for ln in f}
    good = sorted(w for w in words if w.isascii() and w.isalpha() and w.islower())
    rng.shuffle(good)
    return good[:n]


def nonsense(n: int, rng: random.Random) -> list[str]:
    """``n`` distinct random strings of 3-8 Italian letters."""
    out: set[str] = set()
    while len(out) < n:
        out.add("".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 8))))
    return sorted(out)


def rate(fn: Any, words: list[str], repeat: int, fresh: bool) -> float:
    """Best checks per second of ``fn(dictionary, word)`` over ``words``."""
    best = 0.0
    base = Dictionary()
    for _ in range(repeat):
        d = Dictionary() if fresh else base
        if not fresh:
            for w in words:
                d.is_word(w)
        t0 = time.process_time()
        for w in words:
            fn(d, w)
        best = max(best, len(words) / (time.process_time() - t0))
    return best


def wild_search(repeat: int) -> dict[str, object]:
    """Milliseconds per 7-card jolly search, cold and warm (art. 4.4)."""
    code = burraco_parole()
    cold: list[float] = []
    warm: list[float] = []
    found = {}
    for _ in range(repeat):
        d = Dictionary()
        for p in WILD_PATTERNS:
            cards = parse_cards(p)
            t0 = time.process_time()
            found[p] = _readings(cards, d, code)
            cold.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            _readings(cards, d, code)
            warm.append((time.process_time() - t0) * 1000)
    return {
        "cold_median_ms": round(statistics.median(cold), 4),
        "cold_worst_ms": round(max(cold), 4),
        "warm_median_ms": round(statistics.median(warm), 4),
        "examples": {p: list(r) for p, r in list(found.items())[:4]},
    }


def deals(n: int) -> dict[str, float]:
    """Whole deals by four greedy bots per second (after one warm-up deal)."""
    bots = [GreedyBot()] * 4
    play_deal(Deal.shuffled(random.Random(-1), lexicon=italian()), bots, random.Random(-1))
    t0 = time.process_time()
    moves = 0
    for seed in range(n):
        rng = random.Random(seed)
        moves += len(play_deal(Deal.shuffled(rng, lexicon=italian()), bots, rng).moves)
    wall = time.process_time() - t0
    return {"deals": n, "deals_per_s": round(n / wall, 2), "moves_per_deal": round(moves / n, 1)}


def listing(n: int) -> dict[str, object]:
    """Milliseconds per play-phase position of ``legal_moves`` and ``bot_moves`` (CPU)."""
    bots = [GreedyBot()] * 4
    t0 = time.process_time()
    list(italian().spellable({"A": 1}, ()))  # reads the affix rules once
    first = time.process_time() - t0
    full: list[float] = []
    short: list[float] = []
    listed: list[int] = []
    for seed in range(n):
        rng = random.Random(seed)
        deal = Deal.shuffled(rng, lexicon=italian())
        while not deal.is_over:
            if deal.phase.value == "play":
                t0 = time.process_time()
                listed.append(len(deal.legal_moves()))
                full.append((time.process_time() - t0) * 1000)
                t0 = time.process_time()
                deal.bot_moves()
                short.append((time.process_time() - t0) * 1000)
            deal.push(bots[0].choose(deal, rng))
    return {
        "positions": len(full),
        "index_build_s": round(first, 2),
        "legal_moves_ms": [
            round(statistics.mean(full), 2),
            round(statistics.median(full), 2),
            round(max(full), 1),
        ],
        "bot_moves_ms": [
            round(statistics.mean(short), 2),
            round(statistics.median(short), 2),
            round(max(short), 1),
        ],
        "legal_moves_listed": [round(statistics.mean(listed), 1), max(listed)],
    }


def main() -> None:
    """Run the benchmark and print JSON."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--words", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--legal", type=int, default=5, help="deals for the legal_moves timing")
    a = ap.parse_args()
    rng = random.Random(42)
    real, junk = lemmas(a.words, rng), nonsense(a.words, rng)

    def check(d: Dictionary, w: str) -> bool:
        return d.is_word(w)

    def raw(d: Dictionary, w: str) -> bool:
        return bool(d._h.spell(w))

    out = {
        "machine": platform.platform(),
        "python": platform.python_version(),
        "words_per_set": a.words,
        "checks_per_s": {
            "dictionary_words_cold": round(rate(check, real, a.repeat, True)),
            "random_strings_cold": round(rate(check, junk, a.repeat, True)),
            "dictionary_words_warm": round(rate(check, real, a.repeat, False)),
            "random_strings_warm": round(rate(check, junk, a.repeat, False)),
            "raw_hunspell_dictionary_words": round(rate(raw, real, a.repeat, True)),
            "raw_hunspell_random_strings": round(rate(raw, junk, a.repeat, True)),
        },
        "wild_search_7_letters_one_jolly": wild_search(a.repeat),
        "greedy_deals": deals(a.deals),
    }
    if a.legal:
        out["legal_moves_per_position"] = listing(a.legal)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
