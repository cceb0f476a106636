"""``python -m arbitro``: the command line."""

from arbitro.cli.main import main

main()
