#!/usr/bin/env bash
# Installs everything arbitro needs on a fresh Debian machine: the Debian packages listed in
# scripts/debian-packages.txt, uv, the Python environment (.venv) with the dev tools, and the
# browser tests' npm package (axe-core, package-lock.json).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t wanted < <(grep -vE '^\s*(#|$)' scripts/debian-packages.txt)
# A package counts as there when installed or provided by an installed one (NodeSource's
# nodejs provides npm, and conflicts with Debian's npm: installing it would remove node).
provided="$(dpkg-query -W -f='${db:Status-Status}\t${Provides}\n' 2>/dev/null \
  | awk -F'\t' '$1 == "installed" { print $2 }' | tr ',' '\n' | awk '{ print $1 }')"
missing=()
for pkg in "${wanted[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || grep -qxF "$pkg" <<<"$provided" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "arbitro setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# axe-core (package.json, pinned in package-lock.json): the browser tests inject it into
# every page to check its accessibility (issue 28). npm ci only when it is missing or the
# lock changed since the last install (its hash is kept in node_modules/).
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f node_modules/axe-core/axe.min.js ] \
  || [ "$(cat node_modules/.arbitro-lock 2>/dev/null)" != "$lock_hash" ]; then
  echo "arbitro setup: installing the browser tests' npm packages (axe-core)"
  npm ci --silent --no-audit --no-fund
  echo "$lock_hash" >node_modules/.arbitro-lock
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
