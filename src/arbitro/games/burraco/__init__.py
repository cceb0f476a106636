"""arbitro.games.burraco"""
