"""Draw (dominoes), version 0 of the environment: see ``pegboard.envs.draw``."""

from pegboard.envs.draw import env, raw_env

__all__ = ["env", "raw_env"]
