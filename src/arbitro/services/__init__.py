"""arbitro.services"""
