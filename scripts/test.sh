#!/usr/bin/env bash
# Installs everything, then runs the whole test suite: lint, format check, types, tests
# (including the PostgreSQL ones, against a real server the tests start).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
uv run --no-sync ruff check src tests bench tools
uv run --no-sync ruff format --check src tests bench tools
uv run --no-sync mypy
uv run --no-sync pytest -n 2 --dist worksteal -p no:cacheprovider "$@"
