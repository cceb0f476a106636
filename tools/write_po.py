"""Write a PO file from a Python dict of msgid → Italian text (helps a translator seed a
fragment): python tools/write_po.py DICT_FILE.py OUT.po"""

from __future__ import annotations

import runpy
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

if __name__ == "__main__":
    table = runpy.run_path(sys.argv[1])["T"]
    cat = Catalog(locale="it", project="arbitro", charset="utf-8")
    for msgid, text in table.items():
        cat.add(msgid, text)
    with open(sys.argv[2], "wb") as handle:
        write_po(handle, cat, sort_output=True, width=100)
