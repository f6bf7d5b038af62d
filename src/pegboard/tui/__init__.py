"""The full-screen terminal client (Textual): ``pegboard play`` in a terminal."""
