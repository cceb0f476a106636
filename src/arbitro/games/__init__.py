"""Rules engines, one package per game (pure domain: no I/O, randomness only via ``Random``)."""
