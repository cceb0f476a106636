"""Ties for prizes (Burraco Parole art. 6.1): competitors level on the standings' criteria
who compete for the same prize. The direction then chooses: (a) add the prizes and split them
in two, if divisible; (b) let the winners decide; (c) draw lots, if the prize is not divisible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from arbitro.codes.citation import sole_citation
from arbitro.errors import ArbitroError
from arbitro.i18n import LANGUAGES, Message
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import PrizeCategoryPlan, PrizePlanRecorded
from arbitro.tournament.standings.standings import StandingRow


class TieRule(StrEnum):
    """The direction's choices of art. 6.1."""

    SPLIT = "split"  # a) "sommare l'entità dei due premi e dividerlo per 2"
    WINNERS_DECIDE = "winners-decide"  # b) "lasciare facoltà decisionale ai vincitori"
    DRAW = "draw"  # c) "aggiudicazione del premio secondo sorteggio"


@dataclass(frozen=True, slots=True)
class PrizeTie:
    """Competitors tied for the prizes of places ``first_place``..``first_place + n - 1``."""

    first_place: int
    competitors: tuple[CompetitorId, ...]

    @property
    def places(self) -> tuple[int, ...]:
        """The prize places the tied competitors share."""
        return tuple(range(self.first_place, self.first_place + len(self.competitors)))


def prize_ties(rows: list[StandingRow], prizes: int) -> list[PrizeTie]:
    """The groups of competitors level on VP and MP (they share a rank) that reach into the
    first ``prizes`` places (art. 6.1); a late entry out of the ranking competes for no
    place (docs/rulings.md "Late entries" 3)."""
    groups: dict[int, list[CompetitorId]] = {}
    for row in rows:
        if not row.unranked:
            groups.setdefault(row.rank, []).append(row.competitor)
    return [
        PrizeTie(rank, tuple(members))
        for rank, members in groups.items()
        if len(members) > 1 and rank <= prizes
    ]


def draw_places(tie: PrizeTie, seed: int) -> dict[CompetitorId, int]:
    """Rule (c): the prize places of a tie assigned by a seeded draw."""
    order = list(tie.competitors)
    random.Random(seed).shuffle(order)
    return {c: place for c, place in zip(order, tie.places, strict=True)}


def split_prize(amounts_cents: list[int]) -> int:
    """Rule (a): each tied competitor's share of the prizes added up, if divisible."""
    total, n = sum(amounts_cents), len(amounts_cents)
    if n == 0 or total % n:
        raise ArbitroError(
            "prizes of {amount} cannot be split in {count}: draw lots",
            amount=f"{total / 100:.2f}",
            count=n,
            article=sole_citation("prize_ties"),
        )
    return total // n


# ---------------------------------------------------------------------------- categories
class Eligibility(StrEnum):
    """Who may take a category's prizes (Parole art. 6.1: "gli altri vincitori saranno
    stabiliti secondo i criteri preannunciati e prestabiliti dalla direzione di gara")."""

    OVERALL = "overall"  # everyone
    LADIES = "ladies"  # every player of the competitor is a woman
    MIXED = "mixed"  # a woman and a man among the players
    SENIORS = "seniors"  # every player born in the given year or earlier
    NEWCOMERS = "newcomers"  # every player in the first season (first season ≥ the given year)
    CATEGORY = "category"  # every player of the given federation category
    LISTED = "listed"  # the competitors the director lists


K = TypeVar("K", bound=StrEnum)

RULE_WORDS: Mapping[Eligibility, Message] = {
    Eligibility.OVERALL: Message("overall", context="prize rule"),
    Eligibility.LADIES: Message("ladies", context="prize rule"),
    Eligibility.MIXED: Message("mixed", context="prize rule"),
    Eligibility.SENIORS: Message("seniors", context="prize rule"),
    Eligibility.NEWCOMERS: Message("newcomers", context="prize rule"),
    Eligibility.CATEGORY: Message("category", context="prize rule"),
    Eligibility.LISTED: Message("listed", context="prize rule"),
}
"""The word the director writes for each rule, in the catalogue: «dame» in Italian, «ladies» in
English; a category line is read in either language."""

TIE_WORDS: Mapping[TieRule, Message] = {
    TieRule.SPLIT: Message("split", context="tie rule"),
    TieRule.WINNERS_DECIDE: Message("winners-decide", context="tie rule"),
    TieRule.DRAW: Message("draw", context="tie rule"),
}
"""The word of each tie rule of art. 6.1, in the catalogue: «sorteggio» in Italian, «draw» in
English."""


def rule_word(rule: Eligibility, lang: str | None = None) -> str:
    """The word of ``rule`` in ``lang`` (default: the current language), as a category line
    writes it (Parole art. 6.1: the direction's announced criteria)."""
    return RULE_WORDS[rule].render(lang)


def named(words: Mapping[K, Message], word: str) -> K | None:
    """The key of ``words`` that ``word`` names in any language (``dame``, ``ladies``) or by
    its value, case ignored; None if it names none."""
    key = word.strip().casefold()
    for value, text in words.items():
        if key == value.value or any(key == text.render(lang).casefold() for lang in LANGUAGES):
            return value
    return None


@dataclass(frozen=True, slots=True)
class WordList(Generic[K]):
    """Words of the catalogue joined, rendered in the reader's language (an error's list of
    what may be written)."""

    words: Mapping[K, Message]

    def render(self, lang: str | None = None) -> str:
        """``assoluta, dame, …`` in Italian, ``overall, ladies, …`` in English."""
        return ", ".join(text.render(lang) for text in self.words.values())


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    """What a category asks of one player: sex (``"F"`` or ``"M"``), birth year, the first
    season played (a newcomer's), federation category; None where not known."""

    sex: str | None = None
    birth_year: int | None = None
    first_season: int | None = None
    category: str | None = None


def qualifies(rule: Eligibility, param: str | None, players: list[PlayerProfile]) -> bool:
    """True when a competitor whose players are ``players`` may take a prize of a category
    of ``rule`` (its ``param``: the year for seniors and newcomers, the federation category).
    A player whose attribute is unknown does not qualify: a competitor with no players known
    qualifies only overall (docs/rulings.md, "Prize categories")."""
    if rule is Eligibility.OVERALL:
        return True
    if not players:
        return False
    if rule is Eligibility.LADIES:
        return all(p.sex == "F" for p in players)
    if rule is Eligibility.MIXED:
        sexes = {p.sex for p in players}
        return {"F", "M"} <= sexes
    if rule is Eligibility.CATEGORY:
        wanted = (param or "").strip().casefold()
        known = [(p.category or "").strip().casefold() for p in players]
        return bool(wanted) and all(c == wanted for c in known)
    if rule is Eligibility.LISTED:
        return False  # listed competitors are named by number, never by their players
    year = prize_year(param)
    if rule is Eligibility.SENIORS:
        return all(p.birth_year is not None and p.birth_year <= year for p in players)
    return all(p.first_season is not None and p.first_season >= year for p in players)


def prize_year(param: str | None) -> int:
    """The year a seniors' or newcomers' category names; an ArbitroError if it is none."""
    try:
        return int(param or "")
    except ValueError:
        raise ArbitroError(
            "«{value}» is not a year", value=param or "", key="prizes.invalid"
        ) from None


@dataclass(frozen=True, slots=True)
class PrizeCategory:
    """A prize category: its name, the prize of each place (an amount in cents, or the text
    of a prize in kind, a cup, which cannot be split) and who may take it (None: everyone)."""

    name: str
    prizes: tuple[int | str, ...]
    eligible: frozenset[CompetitorId] | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """One competitor's prize: the category, the places it covers (several when tied
    competitors split or share prizes), its rank in the standings, its prize (cents, or the
    text of a prize in kind; a share under rule a, what the tied share under rule b) and the
    tie rule that decided it with the competitors it was tied with (Parole art. 6.1)."""

    category: str
    places: tuple[int, ...]
    competitor: CompetitorId
    rank: int
    prize: int | str
    tie: TieRule | None = None
    tied_with: tuple[CompetitorId, ...] = ()


def _divisible(prizes: tuple[int | str, ...], n: int) -> bool:
    amounts = [p for p in prizes if isinstance(p, int)]
    return len(amounts) == len(prizes) and n > 0 and sum(amounts) % n == 0


def _groups(rows: list[StandingRow]) -> list[list[StandingRow]]:
    groups: list[list[StandingRow]] = []
    for row in rows:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def allocate(
    rows: list[StandingRow],
    categories: list[PrizeCategory],
    tie_rule: TieRule,
    seed: int,
) -> list[Award]:
    """The prizes of ``categories`` given on the final standings ``rows`` (Parole art. 6.1).

    One competitor takes one prize: the categories are given in the order listed (overall
    first, as the director announces them), each to its eligible competitors in the order of
    the standings who have not taken a prize yet, so a prize passes down to the next eligible
    competitor. Withdrawn or expelled competitors take none, nor a late entry admitted out
    of the ranking (docs/rulings.md "Late entries" 3, Prizes 3). Competitors level in the
    standings (same rank: VP then MP, FIBAS art. 19) who compete for the same prizes are
    decided by ``tie_rule``: (a) the prizes they cover are added and divided among them when
    divisible, else drawn; (b) they share the prizes and agree among themselves; (c) the
    places are drawn with ``seed`` and those drawn out of the prizes stay in the running for
    the later categories. A split or shared prize counts as taken by each of them."""
    taken: set[CompetitorId] = set()
    awards: list[Award] = []
    for index, cat in enumerate(categories):
        candidates = [
            r
            for r in rows
            if not r.withdrawn
            and not r.unranked
            and r.competitor not in taken
            and (cat.eligible is None or r.competitor in cat.eligible)
        ]
        place = 1
        for group in _groups(candidates):
            if place > len(cat.prizes):
                break
            members = tuple(r.competitor for r in group)
            covered = cat.prizes[place - 1 : place - 1 + len(members)]
            places = tuple(range(place, place + len(covered)))
            rank = group[0].rank
            if len(members) == 1:
                awards.append(Award(cat.name, places, members[0], rank, covered[0]))
                taken.add(members[0])
            else:
                tied = _tied(cat.name, members, rank, covered, places, tie_rule, seed, index)
                awards += tied
                taken.update(a.competitor for a in tied)
            place += len(members)
    return awards


def _tied(
    category: str,
    members: tuple[CompetitorId, ...],
    rank: int,
    covered: tuple[int | str, ...],
    places: tuple[int, ...],
    rule: TieRule,
    seed: int,
    index: int,
) -> list[Award]:
    """The awards of a tie for the prizes ``covered`` (places ``places``) by ``rule``."""
    if rule is TieRule.SPLIT and not _divisible(covered, len(members)):
        rule = TieRule.DRAW  # (c) "qualora il premio non fosse divisibile"
    if rule is TieRule.SPLIT:
        share = sum(p for p in covered if isinstance(p, int)) // len(members)
        return [Award(category, places, c, rank, share, rule, _others(members, c)) for c in members]
    if rule is TieRule.WINNERS_DECIDE:
        amounts = [p for p in covered if isinstance(p, int)]
        pool: int | str = (
            sum(amounts) if len(amounts) == len(covered) else " + ".join(map(str, covered))
        )
        return [Award(category, places, c, rank, pool, rule, _others(members, c)) for c in members]
    # (c): one draw per category and place, reproducible from the plan's seed
    drawn = draw_places(PrizeTie(places[0], members), seed * 1_000_003 + index * 1_009 + places[0])
    return [
        Award(category, (p,), c, rank, covered[p - places[0]], rule, _others(members, c))
        for c, p in sorted(drawn.items(), key=lambda item: item[1])
        if p <= places[-1]
    ]


def _others(members: tuple[CompetitorId, ...], one: CompetitorId) -> tuple[CompetitorId, ...]:
    return tuple(c for c in members if c != one)


# ---------------------------------------------------------------------------- the plan
@dataclass(frozen=True, slots=True)
class CategoryRequest:
    """A prize category as the director asks for it: name, rule and its parameter, prizes,
    and the competitors named by number (``listed``: who may take it, whatever the registry
    says; the way to give categories without the registry)."""

    name: str
    rule: Eligibility
    prizes: tuple[int | str, ...]
    param: str | None = None
    listed: tuple[CompetitorId, ...] = ()


def build_plan(
    competitors: list[CompetitorId],
    profiles: Mapping[CompetitorId, list[PlayerProfile]],
    requests: list[CategoryRequest],
    tie_rule: TieRule,
    seed: int,
    after_round: int,
) -> PrizePlanRecorded:
    """The prize plan record of ``requests``: each category's eligible competitors found now
    (the listed ones if any are listed, else those whose players ``qualifies`` accepts; None
    for the overall category), so that the prize list is read again from the event file
    alone (Parole art. 6.1)."""
    cats = []
    for req in requests:
        eligible: tuple[CompetitorId, ...] | None
        if req.listed:
            eligible = tuple(sorted(set(req.listed)))
        elif req.rule is Eligibility.OVERALL:
            eligible = None
        else:
            eligible = tuple(
                c for c in competitors if qualifies(req.rule, req.param, profiles.get(c, []))
            )
        cats.append(PrizeCategoryPlan(req.name, req.prizes, req.rule.value, req.param, eligible))
    return PrizePlanRecorded(after_round, tuple(cats), tie_rule.value, seed)


def plan_categories(plan: PrizePlanRecorded) -> list[PrizeCategory]:
    """The categories of a recorded plan, in its order."""
    return [
        PrizeCategory(
            c.name, tuple(c.prizes), None if c.eligible is None else frozenset(c.eligible)
        )
        for c in plan.categories
    ]


def plan_awards(rows: list[StandingRow], plan: PrizePlanRecorded) -> list[Award]:
    """The prizes of a recorded plan on the standings ``rows`` after its round."""
    return allocate(rows, plan_categories(plan), TieRule(plan.tie_rule), plan.seed)
