"""Web routes: knockout events (being written)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
