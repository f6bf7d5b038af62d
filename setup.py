"""Build the optional C cores of the Draw round and of the Fives family's hand (everything
else is in pyproject.toml).

``optional=True``: without a C compiler the install still succeeds and ``Round`` and
``FivesHand`` run on their pure-Python cores (``pegboard.draw.round.CORE`` and
``pegboard.fives.hand.CORE`` say which one is in use).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pegboard.draw._fastround",
            sources=["src/pegboard/draw/_fastround.c"],
            optional=True,
        ),
        Extension(
            "pegboard.fives._fastfives",
            sources=["src/pegboard/fives/_fastfives.c"],
            optional=True,
        ),
    ]
)
