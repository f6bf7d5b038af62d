"""Build the optional C core of the Draw round (everything else is in pyproject.toml).

``optional=True``: without a C compiler the install still succeeds and ``Round`` runs on the
pure-Python core (``pegboard.draw.round.CORE`` says which one is in use).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pegboard.draw._fastround",
            sources=["src/pegboard/draw/_fastround.c"],
            optional=True,
        )
    ]
)
