#!/usr/bin/env bash
# Create the peer-engine benchmark environment: a separate venv (never the project's .venv)
# with rlcard, whose gin rummy game is the comparable peer of the Burraco engine.
# Usage: bench/peers/setup_rlcard.sh [VENV_DIR]   (default: bench/peers/.venv-rlcard)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-$here/.venv-rlcard}"
if [ ! -x "$venv/bin/python" ]; then
  uv venv --seed --python 3.11 "$venv"  # --seed: rlcard.agents runs "pip freeze" on import
fi
VIRTUAL_ENV="$venv" uv pip install --python "$venv/bin/python" "rlcard==1.2.0" numpy pip
"$venv/bin/python" -c "import rlcard; print('rlcard', rlcard.__version__ if hasattr(rlcard, '__version__') else 'ok')"
