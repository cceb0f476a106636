"""arbitro.tournament.standings"""
