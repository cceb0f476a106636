"""arbitro.tournament.scoring"""
