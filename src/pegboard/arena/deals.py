"""What the arena plays: the plan of deals and seatings, and how one deal is played.

The game is found in the games registry (``pegboard.games``) and its bots by its levels.
What a *deal* is belongs to the game: a game whose arena look (``Game.looks.arena``, a
``DealLook``) says so plays deals shorter than a match (Draw: one round; cribbage: one
hand from 0-0, pegging, show and heels, ending when the first hand's show is over), or,
with ``matches``, whole matches (a Draw match, a cribbage game to 121). Any other game
plays whole seeded matches (``Game.new_match``), each scored by ``Game.scores``; its
``matches`` is always true. Every deal comes from a seed derived from the master seed and the
deal's number, and every bot is seeded from the master seed, the deal, the seating and
its seat; so a run is the same whatever runs it, in whatever order.

Each seat's bot is handed ``position.observation(seat)`` and nothing else: the position
never leaves this module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard import games
from pegboard.bots.budget import set_budget
from pegboard.core import IllegalActionError
from pegboard.games import Game, make_bot


@dataclass(frozen=True)
class DealLook:
    """A game's own deals in the arena (``Game.looks.arena``): ``start(matches, seed,
    players, options)`` the position of a deal (or of a whole match with ``matches``) under
    the game's checked options (``Game.check_options``: Draw's ``block``, the Fives
    family's rules),
    ``finished(position, matches)`` whether it is played out, ``points(position,
    matches)`` its points per seat, and ``apply(position, seat, action)`` one bot's
    action (``IllegalActionError``, and nothing changes, when illegal)."""

    start: Callable[[bool, int, int, Mapping[str, Any]], Any]
    finished: Callable[[Any, bool], bool]
    points: Callable[[Any, bool], Sequence[float]]
    apply: Callable[[Any, int, Any], Any]


def deal_look(game: Game) -> DealLook | None:
    """``game``'s arena look, or None: the arena then plays whole seeded matches."""
    return None if game.looks.arena is None else game.looks.arena()


def seat_counts(game: Game) -> tuple[int, ...]:
    """The numbers of players the arena seats for ``game``: its seat range."""
    return tuple(range(game.min_players, game.max_players + 1))


def derive_seed(master: int, *path: object) -> int:
    """A 63-bit seed for ``path`` under ``master``: stable across processes and runs."""
    text = ":".join(str(part) for part in (master, *path))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest()) >> 1


def entrant(spec: str) -> tuple[str, int | None]:
    """An entrant's level and its own budget: ``"expert"`` is the level with the run's
    budget, ``"expert@4000"`` the level with a budget of 4000 (a budget curve sets one
    level against itself at several budgets). ``ValueError`` for a budget that is not a
    whole number of at least 1."""
    level, at, budget = spec.partition("@")
    if not at:
        return spec, None
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"a budget is a whole number of at least 1, not {budget!r} in {spec!r}")
    return level, int(budget)


class BotError(RuntimeError):
    """A bot failed, or chose an illegal action: the message names the bot and the deal."""


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """An arena run: the game, a bot level per entrant (one entrant per seat), the deals.

    An entrant ``"LEVEL@N"`` is the level with its own budget ``N`` (``entrant``); the
    others have ``budget``.

    With ``duplicate``, every deal seed is played once per seating: the entrants rotated
    through every seat (two players: twice, seats exchanged). Otherwise each deal is played
    once, the seating rotating from deal to deal so that no entrant keeps a seat.
    """

    game: str
    bots: tuple[str, ...]
    deals: int = 100
    duplicate: bool = False
    matches: bool = False
    seed: int = 0
    budget: int | None = None
    options: tuple[tuple[str, int | None], ...] = ()
    """The game's options besides its seats, as ``(name, value)`` pairs (Draw's
    ``(("block", 1),)``: the Block game); the game's defaults for the others."""

    def __post_init__(self) -> None:
        game = games.get(self.game)  # UnknownGameError (a ValueError) names the games
        if deal_look(game) is None:  # no deals of its own: a play is a whole match
            object.__setattr__(self, "matches", True)
        allowed = seat_counts(game)
        if len(self.bots) not in allowed:
            counts = ", ".join(str(n) for n in allowed)
            raise ValueError(
                f"{self.game} is played by {counts} players here, "
                f"not {len(self.bots)} ({', '.join(self.bots) or 'no bots'})"
            )
        levels = game.bot_levels()
        for spec in self.bots:
            level = entrant(spec)[0]
            if level not in levels:
                raise ValueError(
                    f"no {level!r} bot for {self.game}; choose from: {', '.join(levels)}"
                )
        if not isinstance(self.deals, int) or isinstance(self.deals, bool) or self.deals < 1:
            raise ValueError(f"deals is a whole number of at least 1, not {self.deals!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"a seed is a whole number, not {self.seed!r}")
        if self.budget is not None and (
            not isinstance(self.budget, int) or isinstance(self.budget, bool) or self.budget < 1
        ):
            raise ValueError(f"a budget is a whole number of at least 1, not {self.budget!r}")
        object.__setattr__(self, "options", tuple(self.options))
        checked_options(game, self.players, self.options)  # OptionError names the rule

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def seatings(self) -> int:
        """How many times each deal seed is played."""
        return self.players if self.duplicate else 1

    @property
    def labels(self) -> tuple[str, ...]:
        """A name per entrant: its level, numbered when a level enters more than once."""
        labels = []
        for i, level in enumerate(self.bots):
            same = self.bots[:i].count(level)
            labels.append(
                level if same == 0 and self.bots.count(level) == 1 else f"{level}#{same + 1}"
            )
        return tuple(labels)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bots": list(self.bots),
            "labels": list(self.labels),
            "players": self.players,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "matches": self.matches,
            "seed": self.seed,
            "budget": self.budget,
            "options": dict(self.options),
            "unit": "match" if self.matches else "deal",
        }


def checked_options(
    game: Game, players: int, options: Sequence[tuple[str, int | None]]
) -> dict[str, Any]:
    """The game's options for a play of ``players`` seats: ``options`` and the defaults,
    checked (``OptionError`` names the option and its rule; a name the game does not have
    is a ``ValueError`` naming the ones it has)."""
    known = [option.name for option in game.options]
    for name, _ in options:
        if name not in known or name == game.players_option:
            raise ValueError(
                f"{game.name} has no option {name!r} for the arena; its options are: "
                + ", ".join(k for k in known if k != game.players_option)
            )
    return game.check_options({**dict(options), game.players_option: players})


@dataclass(frozen=True, slots=True)
class DealTask:
    """One play of a deal: its seed, the seating (``seating[seat]`` is the entrant sitting
    there) and each seat's bot seed."""

    deal: int
    rotation: int
    seed: int
    seating: tuple[int, ...]
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a play of a deal ended: ``points`` per entrant (not per seat)."""

    deal: int
    rotation: int
    seed: int
    seating: tuple[int, ...]
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "seating": list(self.seating),
            "points": list(self.points),
        }


@dataclass(frozen=True, slots=True)
class Batch:
    """Plays sent to a worker together, so that little is pickled per deal."""

    game: str
    bots: tuple[str, ...]
    matches: bool
    budget: int | None
    tasks: tuple[DealTask, ...]
    options: tuple[tuple[str, int | None], ...] = ()


def seating(players: int, rotation: int) -> tuple[int, ...]:
    """Entrant ``i`` sits at seat ``(i + rotation) % players``; per seat, its entrant."""
    return tuple((seat - rotation) % players for seat in range(players))


def plan(config: ArenaConfig) -> list[DealTask]:
    """Every play of the run, in order."""
    n = config.players
    tasks = []
    for deal in range(config.deals):
        seed = derive_seed(config.seed, "deal", deal)
        rotations = range(n) if config.duplicate else (deal % n,)
        for rotation in rotations:
            tasks.append(
                DealTask(
                    deal=deal,
                    rotation=rotation,
                    seed=seed,
                    seating=seating(n, rotation),
                    bot_seeds=tuple(
                        derive_seed(config.seed, "bot", deal, rotation, seat) for seat in range(n)
                    ),
                )
            )
    return tasks


def batches(config: ArenaConfig, tasks: Sequence[DealTask], size: int) -> list[Batch]:
    return [
        Batch(
            config.game,
            config.bots,
            config.matches,
            config.budget,
            tuple(tasks[i : i + size]),
            config.options,
        )
        for i in range(0, len(tasks), size)
    ]


def play_batch(batch: Batch) -> list[DealResult]:
    """Play every task of ``batch`` (the function the runners map; module-level, so that
    it pickles)."""
    return [play_deal(batch, task) for task in batch.tasks]


def play_deal(batch: Batch, task: DealTask) -> DealResult:
    """Play one deal; each seat's bot sees only its observation."""
    bots = []
    for seat, entrant_index in enumerate(task.seating):
        level, own_budget = entrant(batch.bots[entrant_index])
        bot = make_bot(batch.game, level, seed=task.bot_seeds[seat])
        set_budget(bot.bot, batch.budget if own_budget is None else own_budget)
        bots.append(bot)
    game = games.get(batch.game)
    look = deal_look(game)
    players = len(task.seating)
    options = checked_options(game, players, batch.options)
    if look is None:
        position = game.new_match(options, task.seed)
    else:
        position = look.start(batch.matches, task.seed, players, options)
    while not (
        position.current_player is None if look is None else look.finished(position, batch.matches)
    ):
        seat = position.current_player
        observation = position.observation(seat)
        where = f"at seat {seat} of deal {task.deal} (seed {task.seed})"
        try:
            action = bots[seat].act(observation)
        except Exception as error:  # a bot's bug: say which bot, where
            raise BotError(f"the {bots[seat].name} bot failed {where}: {_short(error)}") from error
        try:
            if look is None:
                game.play(position, seat, action)
            else:
                look.apply(position, seat, action)
        except IllegalActionError as error:
            raise BotError(
                f"the {bots[seat].name} bot chose the illegal action {action} {where}: "
                f"{_short(error)}"
            ) from error
    by_seat = game.scores(position) if look is None else look.points(position, batch.matches)
    points = [0] * players
    for seat, entrant_index in enumerate(task.seating):
        points[entrant_index] = int(by_seat[seat])
    return DealResult(task.deal, task.rotation, task.seed, task.seating, tuple(points))


def _short(error: Exception, limit: int = 240) -> str:
    """An error's message, cut to one readable line."""
    text = " ".join(str(error).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
