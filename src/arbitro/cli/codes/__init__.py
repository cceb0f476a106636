"""The codes' own terminal commands (issue 30): one module per code's game, each named by its
code's spec (``CodeSpec.commands``, ``Command.module`` ``"codes.<module>"``) and imported only
when one of its commands runs or ``--help`` lists them. A module here may name its code and its
game (``tests/test_code_names.py`` exempts it because a spec names it); shared code of the
terminal never does (docs/architecture.md, "A game's terminal commands")."""
