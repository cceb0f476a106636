"""Plain parameters coerced without pydantic (issue 14).

typer 0.29 coerces every non-flag parameter through a pydantic ``TypeAdapter`` when a command
runs: importing pydantic and building the adapters costs ~110-170 ms at every command. The
parameters of arbitro's commands are nearly all plain ``str``, ``bool``, ``int``, ``Enum`` and
``Path`` values (or ``None`` for an optional one), whose coercion is one line: :func:`install` makes typer coerce those directly and hands every other
value (a malformed number, a path, a list, a custom parser...) to typer's own pydantic coercion,
built only then, so that results and error messages stay exactly typer's.
"""

from __future__ import annotations

import re
import types
import unicodedata
from enum import Enum
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

import typer.core
from typer._coercion import RuntimeParam, TypeDescriptor
from typer._coercion import build_runtime_param as _typer_build

from arbitro.i18n import N_, Message, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from typer._click import Context, exceptions
    from typer.core import _TyperParameter

    from arbitro import text_rules
else:
    # Loaded on first use: the command line's start-up (issue 14).
    text_rules = lazy_module("arbitro.text_rules")
    exceptions = lazy_module("typer._click.exceptions")

_INT = re.compile(r"[+-]?[0-9]+")


class PlainRuntimeParam(RuntimeParam):
    """A ``str``, ``bool``, ``int``, ``Enum`` or ``Path`` parameter (optional or not): coerced here
    when the value is plainly of its kind, by typer's pydantic coercion (built on first need)
    otherwise. typer answers a missing optional value (``None``) before asking for coercion."""

    descriptor: TypeDescriptor
    fallback: RuntimeParam | None

    def __init__(self, descriptor: TypeDescriptor) -> None:
        object.__setattr__(self, "parameter_info", descriptor.parameter_info)
        object.__setattr__(self, "annotation", descriptor.annotation)
        object.__setattr__(self, "descriptor", descriptor)
        object.__setattr__(self, "fallback", None)

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        annotation = _required(self.annotation)
        if annotation is str:
            if isinstance(value, str):
                return value
        elif annotation is bool:
            if isinstance(value, bool):
                return value
        elif annotation is Path:
            if isinstance(value, str | PurePath):
                return Path(value)
        elif annotation is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and _INT.fullmatch(value):
                return int(value)
        elif isinstance(annotation, type) and issubclass(annotation, Enum):
            if isinstance(value, annotation):
                return value
            plain_ctx = ctx is None or ctx.token_normalize_func is None
            if self.parameter_info.case_sensitive and plain_ctx and isinstance(value, str):
                for member in annotation:
                    if member.value == value:
                        return member
        if self.fallback is None:
            object.__setattr__(self, "fallback", _typer_build(self.descriptor))
        assert self.fallback is not None
        return self.fallback._coerce_value(value, param=param, ctx=ctx)


def _required(annotation: Any) -> Any:
    """``T`` for ``T | None``; any other annotation as it is."""
    if isinstance(annotation, types.UnionType):
        members = [a for a in annotation.__args__ if a is not type(None)]
        if len(members) == 1:
            return members[0]
    return annotation


def plain(descriptor: TypeDescriptor) -> bool:
    """Whether ``descriptor`` is a parameter coerced here: a single ``str``, ``bool``,
    ``int``, ``Enum`` or ``Path`` (or one of them or ``None``) without a custom parser, bounds
    or a file to open."""
    annotation = _required(descriptor.annotation)
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None:
        return False
    if annotation is str or annotation is bool or annotation is Path:
        return True
    if annotation is int:
        return info.min is None and info.max is None
    return isinstance(annotation, type) and issubclass(annotation, Enum)


class TextChecked(RuntimeParam):
    """A parameter's coercion followed by the text rule of every way in (issue 29): each text
    typed on the terminal (a reason, ``--actor``, a name, and every other text argument or
    option) is refused, as on the desk's forms, if it holds a control character but newline
    and tab, a lone surrogate or a direction override; it is kept in NFC
    (:func:`arbitro.text_rules.text_problem`)."""

    inner: RuntimeParam

    def __init__(self, inner: RuntimeParam) -> None:
        object.__setattr__(self, "parameter_info", inner.parameter_info)
        object.__setattr__(self, "annotation", inner.annotation)
        object.__setattr__(self, "inner", inner)

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        coerced = self.inner._coerce_value(value, param=param, ctx=ctx)
        if isinstance(coerced, str):
            return typed_text(coerced, param, ctx)
        if isinstance(coerced, list | tuple) and any(isinstance(v, str) for v in coerced):
            return type(coerced)(
                typed_text(v, param, ctx) if isinstance(v, str) else v for v in coerced
            )
        return coerced


def typed_text(value: str, param: _TyperParameter | None = None, ctx: Context | None = None) -> str:
    """``value`` typed on the terminal, in NFC, if the desk's forms would take it (the one text
    rule, :mod:`arbitro.text_rules`); else a usage error naming the parameter and what is
    wrong, in the run's language."""
    problem = text_rules.text_problem(value, multiline=True, name=True)
    if problem is not None:
        detail = render(Message(N_("this field holds {problem}"), {"problem": problem}))
        raise exceptions.BadParameter(detail, ctx=ctx, param=param)
    return unicodedata.normalize("NFC", value)


def build_runtime_param(descriptor: TypeDescriptor) -> RuntimeParam:
    """typer's ``build_runtime_param``, without pydantic for plain parameters, each text
    checked by the text rule (:class:`TextChecked`)."""
    if plain(descriptor):
        return TextChecked(PlainRuntimeParam(descriptor))
    return TextChecked(_typer_build(descriptor))


def install() -> None:
    """Make typer build the parameters' coercion with :func:`build_runtime_param`."""
    # typer.core calls the name it imported from typer._coercion: replaced there.
    typer.core.build_runtime_param = build_runtime_param  # type: ignore[attr-defined]
