"""arbitro's web app: the director's desk, table-side score entry from phones, the room's
public displays, and printouts (FastAPI, server-rendered Jinja2 pages with htmx)."""
