"""The modified Danish search (FIBAS art. 4): top-down greedy with backtracking."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.tournament.movements.grouping import group_top_down


def first_split(
    ranked: list[int], size: int, classes: dict[int, int]
) -> list[tuple[int, ...]] | None:
    """Plain backtracking without pruning: the lexicographically first valid split."""
    if not ranked:
        return []
    leader, rest = ranked[0], ranked[1:]

    def extend(group: list[int], start: int) -> list[tuple[int, ...]] | None:
        if len(group) == size:
            left = [c for c in rest if c not in group]
            tail = first_split(left, size, classes)
            return None if tail is None else [tuple(group), *tail]
        for j in range(start, len(rest)):
            c = rest[j]
            if all(classes[c] != classes[g] for g in group):
                found = extend([*group, c], j + 1)
                if found is not None:
                    return found
        return None

    return extend([leader], 0)


@settings(max_examples=150, deadline=None)
@given(
    size=st.sampled_from([2, 4]),
    groups=st.integers(min_value=1, max_value=5),
    data=st.data(),
)
def test_art4_search_finds_the_first_split_in_danish_order(
    size: int, groups: int, data: st.DataObject
) -> None:
    """Art. 4 modified Danish: the pruned search returns exactly what plain top-down
    backtracking returns (the split closest to the Danish order), or nothing when none exists."""
    groups = min(groups, 3) if size == 4 else groups  # keep the unpruned reference fast
    n = size * groups
    ranked = data.draw(st.permutations(list(range(1, n + 1))))
    classes = {c: data.draw(st.integers(0, n // 2)) for c in ranked}
    assert group_top_down(ranked, size, classes) == first_split(list(ranked), size, classes)


def test_art4_pairs_greedy_then_backtrack() -> None:
    """Art. 4: 1-3 (1 met 2), 2-4 would leave 5 and 6 who met: backtrack to 2-5, 4-6."""
    classes = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    assert group_top_down([1, 3, 2, 4, 5, 6], 2, classes) == [(1, 3), (2, 5), (4, 6)]
    assert group_top_down([1, 2], 2, {1: 1, 2: 1}) is None
