"""Two-player cribbage, version 0 of the environment: see ``pegboard.envs.cribbage``."""

from pegboard.envs.cribbage import env, raw_env

__all__ = ["env", "raw_env"]
