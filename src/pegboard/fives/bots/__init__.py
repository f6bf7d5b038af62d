"""The game's bots: its levels and the parts of search that know its rules."""
