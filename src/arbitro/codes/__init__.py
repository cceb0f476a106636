"""arbitro.codes"""
