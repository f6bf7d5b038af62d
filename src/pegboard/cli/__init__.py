"""The ``pegboard`` command line."""
