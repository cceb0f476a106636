"""The templates are compiled once a process (``web/context.py``, :class:`CompiledTemplates`):
a second app's environment takes the code the first compiled, and a template whose source
changed is compiled again, never served from the old code."""

from __future__ import annotations

from typing import Any

import jinja2
import pytest

from arbitro.web.context import CompiledTemplates, make_templates


def test_a_second_environment_compiles_no_template_the_first_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, second = make_templates().env, make_templates().env
    first.get_template("login.html")
    compiled: list[str | None] = []
    original = second.compile

    def counting(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(name)
        return original(source, name, *args, **kwargs)

    monkeypatch.setattr(second, "compile", counting)
    assert second.get_template("login.html").name == "login.html"
    assert "login.html" not in compiled, compiled


def environment(source: str, cache: CompiledTemplates, compiled: list[str]) -> jinja2.Environment:
    """An environment holding ``t.html`` = ``source``, noting each template it compiles."""

    class Noting(jinja2.Environment):
        def compile(self, source: Any, name: str | None = None, *args: Any, **kw: Any) -> Any:
            compiled.append(str(name))
            return super().compile(source, name, *args, **kw)

    return Noting(loader=jinja2.DictLoader({"t.html": source}), bytecode_cache=cache)


def test_the_same_source_is_served_from_the_code_and_a_changed_one_compiled_again() -> None:
    cache = CompiledTemplates()
    compiled: list[str] = []
    assert environment("{{ 1 + 1 }}", cache, compiled).get_template("t.html").render() == "2"
    assert compiled == ["t.html"]
    assert environment("{{ 1 + 1 }}", cache, compiled).get_template("t.html").render() == "2"
    assert compiled == ["t.html"]  # the code of the first, not compiled again
    assert environment("{{ 2 + 2 }}", cache, compiled).get_template("t.html").render() == "4"
    assert compiled == ["t.html", "t.html"]
