"""arbitro.cards"""
