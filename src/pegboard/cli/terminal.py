"""Plain line-by-line terminal input and output, shared by the interactive commands."""

from __future__ import annotations

import sys

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


def fail(message: str) -> typer.Exit:
    """Print a one-line error to stderr; the caller raises the returned exit (code 1)."""
    typer.echo(f"pegboard: error: {message}", err=True)
    return typer.Exit(code=1)
