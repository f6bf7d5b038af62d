"""``describe_error``, moved to ``pegboard.i18n.errors`` (issue 11): this module is kept
for compatibility, so that code written against ``pegboard.cli.errors`` keeps working. New
code imports ``pegboard.i18n``.
"""

from pegboard.i18n.errors import (
    describe_error,
)

__all__ = [
    "describe_error",
]
