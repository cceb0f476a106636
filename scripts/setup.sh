#!/usr/bin/env bash
# Installs everything arbitro needs on a fresh Debian machine: the Debian packages listed in
# scripts/debian-packages.txt, uv, and the Python environment (.venv) with the dev tools.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t wanted < <(grep -vE '^\s*(#|$)' scripts/debian-packages.txt)
missing=()
for pkg in "${wanted[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "arbitro setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v uv >/dev/null 2>&1; then
  echo "arbitro setup: installing uv"
  # Debian's own Python refuses system-wide installs (PEP 668): then into the user's site.
  python3 -m pip install --quiet uv 2>/dev/null \
    || python3 -m pip install --quiet --user --break-system-packages uv
  export PATH="$HOME/.local/bin:$PATH"
fi

# The machines set PYTHONDONTWRITEBYTECODE: compile bytecode at install time, or cold
# imports are twice as slow.
UV_COMPILE_BYTECODE=1 uv sync --quiet --compile-bytecode
# The message catalogue compiled for the run time (the .po files are the source), and the
# project's own modules compiled to bytecode (the editable install leaves src/ uncompiled).
uv run --no-sync python tools/i18n.py compile
uv run --no-sync python -m compileall -q src
# The article search index and the codes' parsed data built once (kept in the packages'
# __pycache__, rebuilt when stale).
uv run --no-sync python -c "from arbitro.codes.catalogue import load_catalogue; load_catalogue().index"
uv run --no-sync python -c "from arbitro.tournament.rules import CODES, rules_for; [rules_for(c) for c in CODES]"
