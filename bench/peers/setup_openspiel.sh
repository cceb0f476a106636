#!/usr/bin/env bash
# Create the OpenSpiel peer environment: a separate venv (never the project's .venv) with the
# open_spiel wheel (pyspiel, C++ games behind pybind11), whose gin_rummy is the C++ peer of the
# Burraco engine. Only a binary wheel is accepted (--only-binary): building OpenSpiel from source
# needs CMake, clang and several minutes.
# Usage: bench/peers/setup_openspiel.sh [VENV_DIR]   (default: bench/peers/.venv-openspiel)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:-$here/.venv-openspiel}"
python="${OPENSPIEL_PYTHON:-3.11}"
if [ ! -x "$venv/bin/python" ]; then
  uv venv --python "$python" "$venv"
fi
uv pip install --python "$venv/bin/python" --only-binary open_spiel "open_spiel==1.6.15"
"$venv/bin/python" -c "import pyspiel; g = pyspiel.load_game('gin_rummy'); print('open_spiel ok:', g)"
