#!/usr/bin/env bash
# Installs everything, then runs arbitro's main job: the demo event on the embedded SQLite
# database, from registration to final standings.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export ARBITRO_DATABASE_URL="${ARBITRO_DATABASE_URL:-sqlite:///var/demo.sqlite3}"
mkdir -p var
exec uv run --no-sync arbitro demo "$@"
