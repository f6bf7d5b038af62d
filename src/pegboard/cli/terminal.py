"""Plain line-by-line terminal input and output, shared by the interactive commands."""

from __future__ import annotations

import sys
from collections.abc import Callable

import typer


class Terminal:
    """Writes lines and reads answers; end of input is ``None``, never an exception.

    When input does not come from a keyboard (a script, a pipe, a test), each answer is
    echoed after its prompt so that the transcript reads like a session.
    """

    def say(self, text: str = "") -> None:
        typer.echo(text)

    def ask(self, prompt: str) -> str | None:
        typer.echo(prompt, nl=False)
        try:
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            typer.echo()
            return None
        if not answer:  # end of input
            typer.echo()
            return None
        answer = answer.rstrip("\r\n")
        if not sys.stdin.isatty():
            typer.echo(answer)
        return answer


def fail(message: str, _: Callable[[str], str] | None = None) -> typer.Exit:
    """Print a one-line error to stderr; the caller raises the returned exit (code 1).

    ``_`` translates the label (``message`` comes translated, or from the engine)."""
    label = "pegboard: error: {message}" if _ is None else _("pegboard: error: {message}")
    typer.echo(label.format(message=message), err=True)
    return typer.Exit(code=1)
