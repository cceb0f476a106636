"""arbitro.tournament"""
