"""Write docs/event-file.schema.json from the record types (the suite checks it is current).

.venv/bin/python tools/event_file_schema.py
"""

from __future__ import annotations

import json
from pathlib import Path

from arbitro.services.event_file import event_file_schema

OUT = Path(__file__).resolve().parents[1] / "docs" / "event-file.schema.json"

if __name__ == "__main__":
    OUT.write_text(json.dumps(event_file_schema(), indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {OUT}")
