"""pegboard: exact, fast engines for the domino game Draw and for Cribbage.

The games live in :mod:`pegboard.draw` and :mod:`pegboard.cribbage`; both implement the
game-agnostic protocol of :mod:`pegboard.core`, which every bot and client uses.
"""

__version__ = "0.1.0"
