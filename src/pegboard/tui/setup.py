"""What the set-up screen chooses, for any registered game, and the save of a match.

A ``Setup`` names a game of the registry (``pegboard.games``), its options (each checked by
the game's own ``Option``), who sits where (seat 0 is a person; every other seat a person
or one of the game's bot levels), the language and the seed. Nothing here knows a game:
the seats, the options, their choices and defaults all come from the game's description.

Each game's match is saved after every move (``pegboard play --resume``), in one file per
game: ``save_file(directory, game)``; ``load_saved`` reads it back and refuses a save that
does not replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pegboard import games
from pegboard.core import N_
from pegboard.games import Game
from pegboard.games import level_name as bot_level_name
from pegboard.i18n import Translator, describe_error, translator

HUMAN = 0
"""The seat a person always plays (the others: a bot or another person)."""
HUMAN_LEVEL = "human"
"""A seat's "level" when a person plays it (hot-seat: friends at one table, one terminal)."""
LEVEL_WORDS = (N_("random"), N_("greedy"), N_("expert"), N_("Human"))
"""The bot levels' words the catalogs hold (a level they do not know is shown as it is)."""

OptionValue = int | None


def level_name(level: str, _: Translator, game: str = "") -> str:
    """A seat's level in words: a bot level by its name for people (``games.level_name``:
    "Expert bot"), or "Human" for a person."""
    return _("Human") if level == HUMAN_LEVEL else _(bot_level_name(game, level))


def default_level(game: Game) -> str:
    """The level a bot seat gets unless one is chosen: the game's for people (the expert,
    as on the web), or a person for a game without bots."""
    return game.default_level() or HUMAN_LEVEL


class Setup:
    """The game (a registered name), its seats and options, the language and the seed.

    ``options`` are the game's own (``Game.options``) but the number of players, which is
    ``players``; a value left out is the option's default. They are given as ``options``,
    or as keywords (``Setup(game="cribbage", best_of=3)``) when no parameter has their
    name. An option reads as an attribute
    too (``setup.best_of``). ``levels[seat - 1]`` is the level of seat ``seat`` (seat 0 is
    always a person): a bot level of the game or ``human``.
    """

    def __init__(
        self,
        players: int | None = None,
        game: str | None = None,
        levels: Sequence[str] | None = None,
        lang: str = "en",
        seed: int = 0,
        hint_level: str = "expert",
        hint_budget: int | None = None,
        save_dir: Path | None = None,
        options: Mapping[str, OptionValue] | None = None,
        **more_options: OptionValue,
    ) -> None:
        self.game = games.names()[0] if game is None else game
        self.lang = lang
        self.seed = seed
        self.hint_level = hint_level
        self.hint_budget = hint_budget
        self.save_dir = save_dir
        """Where each game's match is saved after every move (for ``--resume``); None:
        not saved."""
        self.players = 0
        self.levels: list[str] = []
        self.options: dict[str, OptionValue] = {}
        self.choose_game(self.game, players, levels, {**(options or {}), **more_options})

    def __repr__(self) -> str:
        return (
            f"Setup(game={self.game!r}, players={self.players}, levels={self.levels!r}, "
            f"lang={self.lang!r}, seed={self.seed}, options={self.options!r})"
        )

    def __getattr__(self, name: str) -> OptionValue:
        options = self.__dict__.get("options", {})
        if name in options:
            return options[name]  # type: ignore[no-any-return]
        raise AttributeError(name)

    @property
    def description(self) -> Game:
        """The game's description in the registry."""
        return games.get(self.game)

    def choose_game(
        self,
        name: str,
        players: int | None = None,
        levels: Sequence[str] | None = None,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        """Set up a match of ``name``: the seats fitted to its range, each bot seat at one
        of its levels, its options (those not given at their defaults)."""
        game = games.get(name)
        self.game = name
        given = dict(options or {})
        if players is None:
            players = given.get(game.players_option)
        if players is None:
            players = game.players({})
            with_default = [o for o in game.options if o.name == game.players_option]
            if with_default and isinstance(with_default[0].default, int):
                players = with_default[0].default
        self.players = min(max(players, game.min_players), game.max_players)
        offered = set(game.bot_levels())
        chosen = list(self.levels if levels is None else levels)
        fallback = default_level(game)
        self.levels = [
            chosen[index]
            if index < len(chosen) and chosen[index] in offered | {HUMAN_LEVEL}
            # a level the game has no bot of, or no level chosen: the game's default one
            else fallback
            for index in range(game.max_players - 1)
        ]
        self.options = {
            option.name: given.get(option.name, option.default)
            for option in game.options
            if option.name != game.players_option
        }

    def match_options(self) -> dict[str, Any]:
        """The match's options as the game checks them (``OptionError`` naming the rule)."""
        game = self.description
        return game.check_options({**self.options, game.players_option: self.players})

    def kind(self, seat: int) -> str:
        """``human`` or the bot level playing ``seat`` (seat 0 is always a person)."""
        return HUMAN_LEVEL if seat == HUMAN else self.levels[seat - 1]

    @property
    def humans(self) -> list[int]:
        """The seats people play, in order (seat 0 first)."""
        return [seat for seat in range(self.players) if self.kind(seat) == HUMAN_LEVEL]

    @property
    def save_path(self) -> Path | None:
        return None if self.save_dir is None else save_file(self.save_dir, self.game)

    def saved_setup(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "lang": self.lang,
            "seed": self.seed,
            "options": self.options,
        }

    def store(self, state: dict[str, Any], over: bool) -> None:
        """Write ``state`` where this game is saved, atomically; a match that is over is
        removed instead (nothing to resume)."""
        path = self.save_path
        if path is None:
            return
        if over:
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(state), encoding="utf-8")
        temporary.replace(path)  # never a half-written save

    def save(self, match: Any, bots: Mapping[int, Any]) -> dict[str, Any]:
        """Save ``match`` and the bots' random streams (each a ``SeededBot``); the match's
        record (what ``--save FILE`` writes)."""
        record: dict[str, Any] = match.to_record()
        state = {
            "game": self.game,
            "setup": self.saved_setup(),
            "match": record,
            "bots": {str(seat): bot.rng.getstate() for seat, bot in bots.items()},
        }
        self.store(state, over=bool(match.is_over))
        return record


def save_file(directory: Path, game: str) -> Path:
    return directory / f"{game}-tui.json"


def saved_files(directory: Path) -> list[Path]:
    """The saved matches in ``directory``, one per registered game that has one."""
    return [
        save_file(directory, name) for name in games.names() if save_file(directory, name).exists()
    ]


def restore_bots(bots: Mapping[int, Any], saved: Mapping[str, Any]) -> None:
    """Give each bot (a ``SeededBot``) its random stream as saved."""
    for seat, bot in bots.items():
        version, internal, gauss = saved[str(seat)]
        bot.rng.setstate((version, tuple(internal), gauss))


def load_saved(path: Path, _: Translator | None = None) -> tuple[Setup, dict[str, Any]]:
    """The set-up and the saved state of ``pegboard play --resume``; ``ValueError`` (in
    the language of ``_``) when there is no save or it cannot be read."""
    _ = translator("en") if _ is None else _
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        chosen = state["setup"]
        name = str(chosen.get("game", games.names()[0]))
        game = games.get(name)
        options = chosen.get("options")
        if options is None:  # a save of before the registry: the options by their names
            options = {o.name: chosen[o.name] for o in game.options if o.name in chosen}
        options.pop(game.players_option, None)
        setup = Setup(
            players=int(chosen["players"]),
            game=name,
            levels=[str(level) for level in chosen["levels"]],
            lang=str(chosen["lang"]),
            seed=int(chosen["seed"]),
            save_dir=path.parent,
            options={str(key): value for key, value in options.items()},
        )
        if setup.save_path != path:
            raise ValueError(_("it holds a match of {game}").format(game=name))
        setup.match_options()  # refuse options the game does not allow
        game.from_record(state["match"])  # and a save that does not replay
        for seat in range(1, setup.players):  # and one without every bot's random stream
            if setup.kind(seat) == HUMAN_LEVEL:
                continue
            version, internal, gauss = state["bots"][str(seat)]
            random.Random().setstate((version, tuple(internal), gauss))
    except FileNotFoundError:
        raise ValueError(_("there is no saved match at {path}").format(path=path)) from None
    except (OSError, KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(
            _("the saved match at {path} cannot be read: {reason}").format(
                path=path, reason=describe_error(error, _)
            )
        ) from None
    return setup, state
