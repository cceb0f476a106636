"""arbitro.tournament.movements"""
