"""Regenerate the README's screenshots of a 30-table evening (60 pairs) in docs/screens/.

python tools/screens.py

Runs the browser test ``tests/web/test_hall_evening_browser.py`` (headless Chromium, the real
app served by uvicorn) with ``ARBITRO_SCREENS_DIR`` set: the test writes the desk's round
page (1366x768), the phone's entry, confirmation and refusal (390x844) and the hall display's
seating by name and standings (1366x768) there, then this script shrinks each PNG to a
palette of 256 colours so the repository stays small.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ROOT / "docs" / "screens"
TEST = "tests/web/test_hall_evening_browser.py"
SHOTS = (
    "desk-round.png",
    "phone-entry.png",
    "phone-confirm.png",
    "phone-refused.png",
    "hall-seating-60.png",
    "hall-standings-60.png",
)


def shrink(png: Path) -> None:
    """Rewrite ``png`` with a 256-colour palette (text stays sharp, the file ~3x smaller)."""
    with Image.open(png) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(png, optimize=True)


def main() -> int:
    env = {**os.environ, "ARBITRO_SCREENS_DIR": str(SCREENS), "ARBITRO_I18N_STRICT": "1"}
    command = [sys.executable, "-m", "pytest", TEST, "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if done.returncode != 0:
        return done.returncode
    for name in SHOTS:
        path = SCREENS / name
        shrink(path)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
