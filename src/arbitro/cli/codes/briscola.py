"""``arbitro briscola``: a game of Briscola played by bots, and a whole knockout of N pairs.

``arbitro briscola play-game --seed 7 --json`` prints a game record (the draw for the dealer,
the deck as dealt, every card, the result). ``arbitro briscola knockout --pairs 13 --seed 1
--json`` registers N pairs, draws the bracket (byes in round 1), plays every match best of 3
with the bots, and prints the bracket, the champion and the event records that a stored
event would hold (pair registered, bracket drawn, game result, irregularity).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.common import JsonOpt, cited, emit, errors
from arbitro.codes.briscola import BriscolaCode, briscola
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.cli import knockout
    from arbitro.games import briscola as games_briscola
    from arbitro.games.briscola import Bot, DealerDraw, Game, Seat
    from arbitro.tournament import knockout as tournament_knockout
    from arbitro.tournament.knockout import Bracket, Match, PairId
else:
    # Loaded on first use: the command line's start-up (issue 14).
    knockout = lazy_module("arbitro.cli.knockout")
    games_briscola = lazy_module("arbitro.games.briscola")
    tournament_knockout = lazy_module("arbitro.tournament.knockout")

PAIR_REGISTERED = "pair-registered"
"""Record kind of a pair's registration with its entry fee (the regulation's "premessa")."""
BOTS = ("random", "greedy")
"""The bots a game can be played by (``--bot``)."""


def _bot(name: str) -> Bot:
    if name == "random":
        return games_briscola.RandomBot()
    if name == "greedy":
        return games_briscola.GreedyBot()
    raise ArbitroError("unknown bot {name} ({bots})", name=repr(name), bots=", ".join(BOTS))


def play_one_game(
    rng: random.Random,
    ns: Bot,
    ew: Bot,
    *,
    dealer: Seat | None = None,
    irregularity_rate: float = 0.0,
    code: BriscolaCode | None = None,
) -> tuple[games_briscola.Game, DealerDraw | None]:
    """One game by the bots: the draw for the dealer (art. 1) unless ``dealer`` is given,
    shuffle and cut (art. 2), the play (arts. 3-8). With probability ``irregularity_rate``
    the arbiter finds an art. 10 irregularity by a random player at a random trick."""
    draw = None
    if dealer is None:
        draw = games_briscola.draw_for_dealer(rng, code=code)
        dealer = draw.dealer
    game = games_briscola.Game.shuffled(rng, dealer, code)
    bots = [ns if s.line is games_briscola.Pair.NS else ew for s in games_briscola.SEATS]
    if rng.random() < irregularity_rate:
        kinds = (code or briscola()).irregularities
        stop = int(rng.random() * len(game.deck))
        seat = games_briscola.SEATS[int(rng.random() * len(games_briscola.SEATS))]
        kind = kinds[int(rng.random() * len(kinds))].key
        by_seat = dict(zip(games_briscola.SEATS, bots, strict=True))
        for _step in range(stop):
            game.push(by_seat[game.turn].choose(game, rng))
        game.declare_irregularity(seat, kind, "arbitro: simulated")
        return game, draw
    return games_briscola.play_game(game, bots, rng), draw


@dataclass
class KnockoutRun:
    """A knockout played in memory: the bracket, the records an event would store."""

    bracket: Bracket
    records: list[dict[str, Any]] = field(default_factory=list)
    games: int = 0


def play_knockout(
    pairs: int,
    seed: int,
    *,
    method: str = "draw",
    bots: str = "mixed",
    irregularity_rate: float = 0.0,
    code: BriscolaCode | None = None,
) -> KnockoutRun:
    """Register ``pairs`` pairs (numbered 1..N, entry fee recorded), draw or seed the bracket,
    and play every match best of 3 (art. 9) with the bots until the champion is known.

    ``bots``: ``random``, ``greedy``, or ``mixed`` (odd-numbered pairs greedy, even random).
    Each game's randomness comes from ``seed``, the match and the game number, so a run is
    reproducible. The first game's dealer is drawn (art. 1); in the later games of a match
    the deal passes to the right.
    """
    c = code or briscola()
    if pairs < 1:
        raise ArbitroError("at least one pair is needed", article=cite(CodeId.BRISCOLA, "knockout"))
    if method not in ("draw", "seeded"):
        raise ArbitroError("unknown method {method} (draw, seeded)", method=repr(method))
    ids: list[PairId] = list(range(1, pairs + 1))
    records: list[dict[str, Any]] = [
        {
            "kind": PAIR_REGISTERED,
            "payload": {
                "competitor": pid,
                "name": f"Coppia {pid}",
                "players": [f"Giocatore {pid}A", f"Giocatore {pid}B"],
                "entry_fee_cents": c.entry_fee_cents,
                "currency": c.currency,
                "paid": True,
                "article": c.article("entry_fee_cents"),
            },
        }
        for pid in ids
    ]
    if method == "draw":
        bracket = tournament_knockout.Bracket.drawn(ids, random.Random(f"{seed}:draw"), c)
    else:
        bracket = tournament_knockout.Bracket.seeded(ids, c)
    records.append(
        {
            "kind": tournament_knockout.BRACKET_DRAWN,
            "payload": tournament_knockout.bracket_payload(bracket, seed),
        }
    )

    def bot_of(pid: PairId) -> Bot:
        if bots == "mixed":
            return _bot("greedy" if pid % 2 else "random")
        return _bot(bots)

    run = KnockoutRun(bracket, records)
    while run.bracket.pending():
        for m in run.bracket.pending():
            _play_match(run, m, seed, bot_of, irregularity_rate, c)
    return run


def _play_match(
    run: KnockoutRun,
    m: Match,
    seed: int,
    bot_of: Any,
    irregularity_rate: float,
    code: BriscolaCode,
) -> None:
    assert m.first is not None and m.second is not None
    first, second = m.first, m.second
    dealer: Seat | None = None
    number = 0
    while run.bracket.match(m.id).winner is None:
        number += 1
        rng = random.Random(f"{seed}:{m.id}:{number}")
        game, draw = play_one_game(
            rng,
            bot_of(first),
            bot_of(second),
            dealer=dealer,
            irregularity_rate=irregularity_rate,
            code=code,
        )
        dealer = games_briscola.next_dealer(game.dealer)
        res = game.result()
        pid = {games_briscola.Pair.NS: first, games_briscola.Pair.EW: second}
        if res.irregularity is not None:
            report = tournament_knockout.GameReport(
                m.id,
                number,
                irregularity=res.irregularity.kind,
                offender=pid[res.irregularity.offender],
            )
            kind = tournament_knockout.IRREGULARITY
            payload = report.to_payload() | {
                "seat": res.irregularity.seat.value,
                "note": res.irregularity.note,
            }
        else:
            report = tournament_knockout.GameReport(
                m.id,
                number,
                points={pid[p]: n for p, n in res.points.items()},
                last_trick=pid[res.last_trick] if res.last_trick else None,
                winner=pid[res.winner],
            )
            kind = tournament_knockout.GAME_RESULT
            payload = report.to_payload()
        payload["record"] = games_briscola.GameRecord.from_game(game, draw).to_dict()
        run.bracket = tournament_knockout.apply_game(run.bracket, report, code)
        run.records.append({"kind": kind, "payload": payload})
        run.games += 1


def _game_text(game: Game) -> str:
    res = game.result()
    lines = [
        _(
            "dealer: {dealer}   trump: {trump} ({suit})",
            dealer=game.dealer.value,
            trump=game.trump,
            suit=game.trump.label,
        )
    ]
    for i, trick in enumerate(game.tricks, 1):
        cards = " ".join(f"{s.value}:{c}" for s, c in trick.played())
        lines.append(f"{i:2d}. {cards}  → {trick.winner.value} (+{trick.points})")
    lines.append(
        _(
            "NS {ns} - EW {ew}   winner: {winner}",
            ns=res.points[games_briscola.Pair.NS],
            ew=res.points[games_briscola.Pair.EW],
            winner=res.winner.value,
        )
    )
    if res.irregularity:
        lines.append(
            _(
                "irregularity ({article}): {seat} {kind}",
                article=cite(CodeId.BRISCOLA, "irregularities"),
                seat=res.irregularity.seat.value,
                kind=_irregularity_text(res.irregularity.kind),
            )
        )
    return "\n".join(lines)


def _irregularity_text(key: str) -> str:
    """What an art. 10 irregularity is, in the run's language (its key if the code lacks it)."""
    kind = briscola().irregularity(key)
    return key if kind is None else render(kind.text)


def _knockout_text(run: KnockoutRun) -> str:
    """The bots' knockout round by round, each match named by its round and number (art. 9)."""
    b = run.bracket
    lines = []
    for i, rnd in enumerate(b.rounds, 1):
        lines.append(f"== {render(b.round_label(i))} ==")
        for m in rnd:
            if m.is_bye:
                lines.append(
                    "  " + _("{match}: {pair}, bye", match=knockout.match_name(b, m), pair=m.winner)
                )
            else:
                a, s = m.score
                lines.append(
                    f"  {knockout.match_name(b, m)}: {m.first} - {m.second}  {a}-{s}  → {m.winner}"
                )
    lines.append(_("Champion: pair {pair}", pair=b.champion))
    return "\n".join(lines)


briscola_app = typer.Typer(
    name="briscola",
    help=_("Briscola: games and knockout bracket."),
    no_args_is_help=True,
    rich_markup_mode=None,
)


@briscola_app.command(
    "play-game",
    help=cited(
        N_("One game played by the bots, from the draw for the dealer to the result ({article})."),
        CodeId.BRISCOLA,
        "result",
    ),
)
def play_game_cmd(
    seed: Annotated[int, typer.Option(help=_("Random seed"))] = 0,
    ns: Annotated[str, typer.Option(help="Bot NS: random | greedy")] = "greedy",
    ew: Annotated[str, typer.Option(help="Bot EW: random | greedy")] = "random",
    json_out: bool = JsonOpt,
) -> None:
    """One game played by the bots (Briscola art. 1-8), as text or its JSON record."""
    with errors(json_out):
        game, draw = play_one_game(random.Random(seed), _bot(ns), _bot(ew))
        record = games_briscola.GameRecord.from_game(game, draw).to_dict()
        emit(record | {"seed": seed, "bots": {"NS": ns, "EW": ew}}, _game_text(game), json_out)


@briscola_app.command(
    "knockout",
    help=cited(N_("A whole knockout played by the bots ({article})."), CodeId.BRISCOLA, "knockout"),
)
def knockout_cmd(
    pairs: Annotated[int, typer.Option(help=_("Pairs entered"))] = 13,
    seed: Annotated[int, typer.Option(help=_("Random seed"))] = 1,
    seeded: Annotated[
        bool, typer.Option("--seeded", help=_("Seeded in the order of registration"))
    ] = False,
    bots: Annotated[str, typer.Option(help="random | greedy | mixed")] = "mixed",
    irregularities: Annotated[
        float,
        typer.Option(
            help=cited(
                N_("Probability of an irregularity ({article}) per game"),
                CodeId.BRISCOLA,
                "irregularities",
            )
        ),
    ] = 0.0,
    records: Annotated[
        bool, typer.Option("--records", help=_("Include the event's records"))
    ] = False,
    json_out: bool = JsonOpt,
) -> None:
    """A whole knockout played by the bots (Briscola art. 9): bracket, champion, fees."""
    with errors(json_out):
        if bots != "mixed":
            _bot(bots)
        run = play_knockout(
            pairs,
            seed,
            method="seeded" if seeded else "draw",
            bots=bots,
            irregularity_rate=irregularities,
        )
        b = run.bracket
        code = briscola()
        data: dict[str, Any] = {
            "pairs": pairs,
            "seed": seed,
            "method": b.method,
            "entry_fees": {
                "per_pair_cents": code.entry_fee_cents,
                "total_cents": code.entry_fee_cents * pairs,
                "currency": code.currency,
            },
            "matches_played": len(b.matches()),
            "games_played": run.games,
            "champion": b.champion,
            "bracket": b.to_dict(),
        }
        if records:
            data["records"] = run.records
        emit(data, _knockout_text(run), json_out)


def register(app: typer.Typer) -> None:
    """Add the ``briscola`` command group (``play-game``, ``knockout``) to ``app``."""
    app.add_typer(briscola_app, name="briscola")


__all__ = ["KnockoutRun", "briscola_app", "play_knockout", "play_one_game", "register"]
