"""The desk's dictionary for a disputed Burraco Parole word (Parole art. 4.1 "parole di senso
compiuto", art. 2 the language judge): the arbiter types a word, on the desk or on a phone,
and sees the dictionary's verdict with its reason and article; the language judge approves or
refuses it, and the ruling is recorded in the event's log (``word-judged``) so that every
later check of the event follows it, as the terminal's ``arbitro parole check --approve``."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.lexicon.hunspell import italian
from arbitro.tournament.commands import values
from arbitro.tournament.commands.words import judged_word
from arbitro.tournament.event import EventState
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, DirectorPost, common, event_id_of
from arbitro.web.forms import Errors, FieldError, act, required_field, text_field

router = APIRouter()


def _verdict(state: EventState, word: str) -> dict[str, Any]:
    """The dictionary's verdict on ``word`` for the event: Hunspell it_IT, the code's
    exclusions and the language judge's rulings recorded so far (art. 2, 4.1)."""
    approved = [w for w, ok in state.judged_words.items() if ok]
    rejected = [w for w, ok in state.judged_words.items() if not ok]
    lexicon = italian().with_lists(approved, rejected) if state.judged_words else italian()
    v = lexicon.check(word)
    return {
        "word": v.word.upper(),
        "valid": v.valid,
        "reason": v.label,
        "article": v.article,
    }


def _page(
    request: Request,
    session: auth.Session,
    event_id: str,
    word: str,
    status: int = 200,
    errors: Errors | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    web = web_of(request)
    with web.locked():
        state = web.service.state(event_id)
        if state.code.cite_if("language_judge") is None:
            raise ArbitroError("this event's code has no language judge")
        verdict = _verdict(state, word) if word else None
        ctx = common(
            request,
            session,
            event_id=event_id,
            config=state.config,
            word=word,
            verdict=verdict,
            judged=[(w.upper(), ok) for w, ok in reversed(state.judged_words.items())],
            article=state.code.cite("valid_words"),
            judge_article=state.code.cite("language_judge"),
            errors=errors or {},
            values=values or {},
        )
    return web.render(request, "desk/dictionary.html", status_code=status, **ctx)


@router.get("/desk/e/{event_id}/dictionary", include_in_schema=False)
def dictionary_page(
    request: Request, event_id: str, word: str = "", session: auth.Session = Director
) -> Response:
    """Check a word (Parole art. 4.1) and, for a disputed one, the language judge's form."""
    event_id = event_id_of(request, event_id)
    typed = word.strip()[:40]
    return _page(request, session, event_id, typed)


@router.post("/desk/e/{event_id}/dictionary", include_in_schema=False)
async def judge(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Response:
    """Record the language judge's ruling on a word (Parole art. 2, 4.1), with its reason."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    form = await request.form()

    def action() -> str:
        word = judged_word(required_field(form, "word", 40, N_("type the word")))
        verdict = text_field(form, "verdict", 10)
        if verdict not in ("approve", "reject"):
            raise FieldError("verdict", "choose: approve or reject")
        reason = required_field(form, "reason", 1000, N_("write the language judge's reasons"))
        web.service.run(
            event_id, values.JudgeWord(word, verdict == "approve", reason, actor=session.user)
        )
        return f"/desk/e/{event_id}/dictionary?word={quote(word)}&ok=judged#verdict"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return _page(request, session, event_id, values.get("word", ""), status, errors, values)

    return act(form, "judge", request_lang(request), action, refused)
