"""arbitro.cli"""
