"""The web's templates are in folders per area (issue 30): ``desk/``, ``public/``,
``knockout/``, ``table/``, ``sheets/``, ``common/`` and, at the top, the pages of no area.
Every template another names (extends, include, import) is found, and the guard hashes the
inline scripts of every folder (docs/security.md: a script not hashed does not run)."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import jinja2
import jinja2.meta

from arbitro.web.context import HERE, make_templates
from arbitro.web.guard import inline_script_hashes

TEMPLATES = HERE / "templates"
TOP = {"base.html", "home.html", "login.html", "retry.html", "idempotency.html"}


def test_the_top_holds_only_the_pages_of_no_area() -> None:
    """A page of the desk, the public, a knockout or a table is in its area's folder."""
    top = {p.name for p in TEMPLATES.glob("*.html")}
    assert top == TOP


def test_every_template_named_by_another_is_found() -> None:
    """Each ``{% extends %}``, ``{% include %}`` and ``{% import %}`` names a template the
    web's loader finds (a name left from before the folders would fail the page)."""
    env = make_templates().env
    assert env.loader is not None
    missing = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = path.relative_to(TEMPLATES).as_posix()
        source = env.loader.get_source(env, name)[0]
        for named in jinja2.meta.find_referenced_templates(env.parse(source)):
            if named is None:
                continue  # chosen at run time (a kind of sheet's own templates)
            try:
                env.get_template(named)
            except jinja2.TemplateNotFound:
                missing.append((name, named))
    assert missing == []


def test_the_inline_scripts_of_every_folder_are_hashed(tmp_path: Path) -> None:
    """An inline script in a folder's template is allowed by its hash, as one at the top."""
    (tmp_path / "desk").mkdir()
    (tmp_path / "desk" / "page.html").write_text("<script>go()</script>", encoding="utf-8")
    (tmp_path / "top.html").write_text("<script>top()</script>", encoding="utf-8")
    expected = {
        f"'sha256-{base64.b64encode(hashlib.sha256(body).digest()).decode()}'"
        for body in (b"go()", b"top()")
    }
    assert set(inline_script_hashes(tmp_path)) == expected
