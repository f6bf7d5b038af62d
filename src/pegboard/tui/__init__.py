"""The full-screen terminal client (Textual): ``pegboard tui``."""
