"""arbitro: the tournament director's and the arbiter's system for Italian card games."""

__version__ = "0.1.0"
