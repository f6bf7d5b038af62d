"""The game's look on every surface, each imported only by its own surface."""
