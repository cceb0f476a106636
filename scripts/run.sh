#!/usr/bin/env bash
# Installs everything, then runs arbitro's main job: the web app on the embedded SQLite
# database, with the demo event loaded (http://127.0.0.1:8000/; --host/--port to change).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export ARBITRO_DATABASE_URL="${ARBITRO_DATABASE_URL:-sqlite:///var/demo.sqlite3}"
mkdir -p var
exec uv run --no-sync arbitro serve --demo "$@"
