"""What typer itself prints, in the user's language: ``--help`` and usage errors.

``--help`` is answered while the arguments are parsed, before any command runs, so the
language cannot come from a command's ``--lang`` the usual way. ``TranslatedGroup``, the
class of the ``pegboard`` command, chooses it first: the ``--lang`` anywhere in the
arguments, else the environment (``language_of``). Then, for that one invocation:

* the help of every command and option is looked up in the catalogs. The help texts stay
  plain English literals where the commands are declared (``help="..."`` and the command's
  docstring); ``extract`` below, the Babel extractor of ``babel.cfg``, puts them in the
  template beside the ``_()`` messages, so a help text without a translation fails
  ``tests/i18n/test_catalogs.py`` like any other message;
* typer's own words (the usage line, the panel titles, ``[default: ...]``) are translated;
* a usage error ("No such option", "Missing argument") is matched against the English
  templates typer and pydantic use (``USAGE_ERRORS``) and raised again, translated.

Typer (0.2x) bundles its own copy of click, which prints plain English with no gettext
hook, and binds its panel titles when imported: so its words are set here, around the
invocation, and put back after it. The tests of ``test_i18n_cli.py`` fail if a new typer
words things differently.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import PurePath
from typing import IO, Any, get_args, get_origin

import typer.core
from rich.text import Text
from typer import rich_utils

from pegboard import games
from pegboard.core import N_
from pegboard.i18n import Translator, invocation_language, language_of, translator

try:  # typer from 0.2x carries its own click
    from typer import _click as click
except ImportError:  # pragma: no cover - an older typer uses click itself
    import click  # type: ignore[no-redef]

# -- typer's own words -------------------------------------------------------------------

RICH_WORDS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""``typer.rich_utils`` constants (bound in English when typer is imported) -> English."""

HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage: ")
METAVARS: dict[str, str] = {
    "options_metavar": N_("[OPTIONS]"),
    "subcommand_metavar": N_("COMMAND [ARGS]..."),
}
"""The placeholders of the usage line (attributes of a command) -> English."""

VALUE_METAVARS: dict[str, str] = {
    "int": N_("INTEGER"),
    "float": N_("NUMBER"),
    "path": N_("FILE"),
}
"""The placeholder of an option's value, by the type of its parameter -> English. Typer
(0.2x) shows Python's names (``<str>``, ``<list[str]>``, ``<bool>`` even for a flag that
takes no value); these are words a player reads, and a flag shows none."""
NAMES_SEPARATOR = N_(", ")
"""What separates the games' names in a help text (Chinese lists with "、")."""
VALUE_METAVAR = N_("TEXT")
"""The placeholder of a value of any other type."""

USAGE_ERRORS: tuple[str, ...] = (
    # Most specific first: a template's fields match any text.
    N_("No such option: {name} (Possible options: {options})"),
    N_("No such option: {name}"),
    N_("No such command {name}. Did you mean {suggestions}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} does not take a value."),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be less than or equal to {limit}"),
    N_("Input should be greater than or equal to {limit}"),
    N_("Input should be less than {limit}"),
    N_("Input should be greater than {limit}"),
)
"""The English of typer's (and pydantic's) usage errors; ``{message}`` holds another."""

_current: ContextVar[Translator | None] = ContextVar("pegboard_help_translator", default=None)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """``"Missing argument {name}."`` -> a regex whose groups are the fields."""
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


def translate_usage_error(message: str, _: Translator) -> str | None:
    """``message`` (typer's English) in ``_``'s language, or None if it is not one we know."""
    for template in USAGE_ERRORS:
        found = _pattern(template).fullmatch(message)
        if found is None:
            continue
        fields = found.groupdict()
        if "message" in fields:
            inner = fields["message"]
            fields["message"] = translate_usage_error(inner, _) or inner
        return _(template).format(**fields)
    return None


# -- the tree of commands ----------------------------------------------------------------


class _Formatter(click.formatting.HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        _ = _current.get()
        if prefix is None and _ is not None:
            prefix = _(USAGE)
        super().write_usage(prog, args, prefix)


class _Context(click.core.Context):
    formatter_class = _Formatter


def translate_commands(command: Any, _: Translator) -> None:
    """Translate the help of ``command``, its options and its sub-commands, in place.

    Typer builds the tree of click objects anew for every invocation; should one tree be
    run twice, the English kept aside (``_translate``) is translated again, not the text
    of the first language."""
    command.context_class = _Context
    for name in (*METAVARS, "help", "short_help"):
        _translate(command, name, _)
    for param in command.params:
        _translate(param, "help", _)
        _name_value(param, _)
    option = command.get_help_option(_Context(command))
    if option is not None:
        _translate(option, "help", _)
        _name_value(option, _)
    for sub in getattr(command, "commands", {}).values():
        translate_commands(sub, _)


def _translate(thing: Any, name: str, _: Translator) -> None:
    english = getattr(thing, "_pegboard_english", {})
    thing._pegboard_english = english
    if name not in english:
        english[name] = getattr(thing, name, None)
    if english[name]:
        setattr(thing, name, with_games(unwrap(_(english[name])), _))


def with_games(text: str, _: Translator) -> str:
    """``text`` with the games of the registry in place of ``{games}`` (their names, as
    the lobby shows them) and of ``{game_names}`` (as a command takes them): a help that
    lists them by hand leaves out the next game added."""
    if "{games}" in text:
        names = [_(games.get(name).display_name) for name in games.names()]
        text = text.replace("{games}", _(NAMES_SEPARATOR).join(names))
    if "{daily_games}" in text:  # imported when asked for: the daily knows the arena's seeds
        from pegboard.daily import daily_games

        text = text.replace("{daily_games}", ", ".join(daily_games()))
    return text.replace("{game_names}", ", ".join(games.names()))


def unwrap(text: str) -> str:
    """``text`` with the line breaks inside its paragraphs made spaces: a docstring is
    wrapped at 80 columns in the source (and a translation as its translator wrapped it),
    and typer's rich help keeps those breaks: they cut a sentence in the middle of the
    line it folds to the terminal's width."""
    return re.sub(r"(?<!\n)[ \t]*\n[ \t]*(?!\n)", _joint, text)


def _joint(found: re.Match[str]) -> str:
    """What a line break inside a paragraph becomes: a space, or nothing between two
    characters of a language written without spaces (Chinese), where one would show."""
    text = found.string
    before = text[found.start() - 1] if found.start() else ""
    after = text[found.end()] if found.end() < len(text) else ""
    return "" if _unspaced(before) or _unspaced(after) else " "


def _unspaced(char: str) -> bool:
    """Whether ``char`` is CJK (ideographs, their punctuation, full-width forms)."""
    return bool(char) and ("\u3000" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef")


def _name_value(param: Any, _: Translator) -> None:
    """Give ``param`` the placeholder of its value in words (``VALUE_METAVARS``): none
    for a flag; an argument's is its name, as the docstrings write it (``RECORD_FILE``)."""
    english = getattr(param, "_pegboard_english", {})
    param._pegboard_english = english
    if "metavar" not in english:
        english["metavar"] = param.metavar
    if param.param_type_name == "argument":
        param.metavar = english["metavar"] or param.name.upper()
        # Typer would show its type besides (``<str>``), which the name says better.
        param.display_type_rich = lambda ctx: None
    elif english["metavar"] is not None:  # chosen where it is declared
        return
    elif getattr(param, "is_flag", False) or getattr(param, "count", False):
        param.metavar = ""
    else:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is not None and descriptor.is_choice:
            return  # typer shows the choices: text|json
        kind = _kind(None if descriptor is None else descriptor.annotation)
        param.metavar = _(VALUE_METAVARS.get(kind, VALUE_METAVAR))


def _kind(annotation: Any) -> str:
    """The key of ``VALUE_METAVARS`` for a parameter's annotation (a repeatable option's
    is its items')."""
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation)
    if annotation is int:
        return "int"
    if annotation is float:
        return "float"
    if isinstance(annotation, type) and issubclass(annotation, PurePath):
        return "path"
    return "str"


@contextmanager
def speaking(_: Translator) -> Iterator[None]:
    """Typer's own words and the commands' default language are ``_``'s until the end."""
    saved = {name: getattr(rich_utils, name) for name in RICH_WORDS if hasattr(rich_utils, name)}
    make_text = getattr(rich_utils, "_make_rich_text", None)
    token = _current.set(_)
    language = invocation_language.set(_.lang)
    try:
        for name in saved:
            setattr(rich_utils, name, _(RICH_WORDS[name]))
        if make_text is not None:
            rich_utils._make_rich_text = _folding(make_text)
        yield
    finally:
        for name, value in saved.items():
            setattr(rich_utils, name, value)
        if make_text is not None:
            rich_utils._make_rich_text = make_text
        invocation_language.reset(language)
        _current.reset(token)


def _folding(make_text: Callable[..., Any]) -> Callable[..., Any]:
    """Typer's maker of help texts, whose texts fold where they must: rich wraps at spaces
    and cuts a longer run with "…", and Chinese runs on without spaces."""

    def make(**options: Any) -> Any:
        text = make_text(**options)
        if isinstance(text, Text):
            text.overflow = "fold"
        return text

    return make


class TranslatedGroup(typer.core.TyperGroup):
    """The ``pegboard`` command: chooses the language before the arguments are parsed."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **options: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        _ = translator(language_of(argv))
        with speaking(_):
            translate_commands(self, _)
            return super().main(argv, *rest, **options)

    def make_context(self, *args: Any, **options: Any) -> Any:
        with _translated_usage_errors():
            return super().make_context(*args, **options)

    def invoke(self, ctx: Any) -> Any:
        with _translated_usage_errors():
            return super().invoke(ctx)


@contextmanager
def _translated_usage_errors() -> Iterator[None]:
    try:
        yield
    except click.exceptions.UsageError as error:
        _ = _current.get()
        text = None if _ is None else translate_usage_error(error.format_message(), _)
        if text is None:  # not one of ours (or the help shown for no arguments): as it is
            raise
        translated = click.exceptions.UsageError(text, error.ctx)
        translated.exit_code = error.exit_code
        raise translated from None


# -- Babel extractor ---------------------------------------------------------------------


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's Python extractor, and the help texts of typer commands besides: every
    ``help="..."`` literal, and the docstring of every function that declares typer
    parameters or is decorated as a command (typer shows it as the command's help)."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "help"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value
                ):
                    yield value.lineno, None, value.value, []
        elif isinstance(node, ast.FunctionDef) and _is_command(node):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.body[0].lineno, None, doc, []


def _is_command(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr in ("command", "callback"):
            return True
    arguments = [*node.args.args, *node.args.kwonlyargs]
    parts = [a.annotation for a in arguments] + [*node.args.defaults, *node.args.kw_defaults]
    for part in parts:
        for inner in ast.walk(part) if part is not None else ():
            if (
                isinstance(inner, ast.Attribute)
                and inner.attr in ("Option", "Argument")
                and isinstance(inner.value, ast.Name)
                and inner.value.id == "typer"
            ):
                return True
    return False
