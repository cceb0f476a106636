"""Everything done once (issue #13 §2): a desk form sent twice (a double click, a form sent
again from the browser's history) records its action once — two warnings would cost a pair
1 VP and 100 MP (FIBAS art. 22 note 1, art. 41)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient


def test_art41_a_warning_form_sent_twice_records_one_warning(
    director_client: TestClient, make_event: Any, web_app: Any
) -> None:
    event_id = make_event()
    page = director_client.get(f"/desk/e/{event_id}/r/1").text
    form = re.search(r'<form method="post"[^>]*id="sanction-form".*?</form>', page, re.S)
    assert form is not None
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))
    assert fields.get("_key")
    action = re.search(r'action="([^"]+)"', form.group(0))
    assert action is not None
    competitor = re.search(r'<option value="(\d+)"', form.group(0))
    assert competitor is not None
    data = {**fields, "competitor": competitor.group(1), "reason": "commenti"}
    first = director_client.post(action.group(1), data=data, follow_redirects=False)
    again = director_client.post(action.group(1), data=data, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert again.headers.get("Idempotent-Replayed") == "true"
    warnings = web_app.state.web.service.state(event_id).warnings()
    assert len(warnings) == 1
