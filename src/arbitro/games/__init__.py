"""arbitro.games"""
