"""What pyproject.toml cannot say: the optional C cores of the Draw round, of its expert's
tree search and of the Fives family's hand, and the gettext catalogs compiled at build time.

``optional=True``: without a C compiler the install still succeeds and ``Round`` and
``FivesHand`` run on their pure-Python cores (``pegboard.draw.round.CORE`` and
``pegboard.fives.hand.CORE`` say which one is in use).

The ``.mo`` files the program reads are not kept in git (each change of a catalog rewrote
every binary): ``build_py`` compiles each ``locale/<locale>/LC_MESSAGES/pegboard.po`` beside
itself before the package's files are gathered, so a wheel, an sdist's install and an
editable install (``make``) all carry them; Babel, which compiles them, is a build
requirement ([build-system] in pyproject.toml), never a run-time one.
"""

import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "src" / "pegboard" / "locale"
SHUFFLE_HEADER = "src/pegboard/dominoes/_shuffle.h"
"""The double-six shuffle both C cores include (CPython's random, in C)."""


def compile_catalogs(locale_dir: Path = LOCALE) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` to its ``.mo`` (only those out of date)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    made = []
    for source in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        target = source.with_suffix(".mo")
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        with source.open("rb") as po:
            catalog = read_po(po, locale=source.parent.parent.name)
        with target.open("wb") as mo:
            write_mo(mo, catalog)
        made.append(target)
    return made


class BuildPyWithCatalogs(build_py):
    """``build_py`` that compiles the catalogs first, so that their ``.mo`` files are among
    the package data it gathers (pyproject.toml's ``locale/*/LC_MESSAGES/*.mo``)."""

    def run(self) -> None:
        for made in compile_catalogs():
            self.announce(f"compiled {made.relative_to(LOCALE.parent.parent)}", level=2)
        self.__dict__.pop("data_files", None)  # gathered again, with the .mo files
        super().run()


setup(
    cmdclass={"build_py": BuildPyWithCatalogs},
    ext_modules=[
        Extension(
            "pegboard.draw._fastround",
            sources=["src/pegboard/draw/_fastround.c"],
            depends=[SHUFFLE_HEADER],
            optional=True,
        ),
        Extension(
            "pegboard.draw.bots._fastsearch",
            sources=["src/pegboard/draw/bots/_fastsearch.c"],
            depends=[SHUFFLE_HEADER, "src/pegboard/draw/bots/_deals.h"],
            # The search's bounds must be the reference's IEEE expressions, never fused
            # multiply-adds (which some targets contract them into by default).
            extra_compile_args=[] if sys.platform == "win32" else ["-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "pegboard.fives._fastfives",
            sources=["src/pegboard/fives/_fastfives.c"],
            depends=[SHUFFLE_HEADER],
            optional=True,
        ),
    ],
)
