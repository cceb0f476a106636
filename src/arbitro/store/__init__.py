"""arbitro.store"""
