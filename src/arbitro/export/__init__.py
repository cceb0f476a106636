"""The public static export of an event's results: plain HTML files a club uploads anywhere
(an index, the standings after each round, each competitor's card, each round's tables and
sheets), in Italian or English, relative links only, no JavaScript. The pages are printed
from the open results format (:class:`arbitro.services.results.ResultsFile`)."""

from arbitro.export.site import site_pages, write_site

__all__ = ["site_pages", "write_site"]
