"""The projector's list of names sorts the numbers in them as numbers (issue 27: "Coppia 1,
Coppia 10, ..., Coppia 2"); FIBAS art. 4, the seating read by the room."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient


def test_the_projector_lists_coppia_2_before_coppia_10(client: TestClient, make_event: Any) -> None:
    """Twelve pairs: the list by name reads 1, 2, ..., 10, 11, 12."""
    event = make_event(pairs=12)
    page = client.get(f"/e/{event}/seating").text
    # The list by name: one row per pair, with its table.
    order = [int(n) for n in re.findall(r"<tr><td>Coppia (\d+)</td>", page)]
    assert order == list(range(1, 13)), order
