"""Research interfaces: PettingZoo environments of both games (``pegboard[research]``).

``pegboard.envs.draw_v0`` and ``pegboard.envs.cribbage_v0`` are AEC environments in the
manner of PettingZoo's classic environments; ``pegboard.envs.encoding`` holds the dense
action numbers and observation vectors they share with ``pegboard.openspiel``. Nothing
here is imported by the rest of pegboard, so the core install needs none of it.
"""
