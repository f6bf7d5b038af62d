"""Sphinx configuration of pegboard's documentation (``make docs``; ``make test`` builds it
with warnings as errors and runs its doctests).

Sphinx rather than MkDocs: the docstrings are reStructuredText (``:class:`Position```,
````literal````, ``>>>`` examples), which autodoc reads as written and mkdocstrings would
show raw; autodoc imports the modules, so the API pages list what the packages really
export (their ``__all__``), and ``sphinx.ext.doctest`` runs the examples of the pages and of
the docstrings. The pages themselves stay Markdown (MyST), readable on a forge as they are.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from pegboard import __version__  # noqa: E402

project = "pegboard"
author = "pegboard developers"
copyright = "2026, pegboard developers"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "screenshots"]

# Markdown: headings up to ### get anchors, so `web.md#limits` links resolve.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_default_options = {
    "members": True,
    # The constants of __all__ (DOUBLE_SIX, DECK, RECORD_VERSION) have no docstring of their own.
    "undoc-members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "both"

# A name of one of the games' modules in a signature (``Tile``) is not a warning when it has
# no page of its own: the API pages document the packages' public names.
nitpicky = False

html_theme = "furo"
html_title = f"pegboard {__version__}"

doctest_global_setup = """
import os
os.environ.pop("PEGBOARD_GAMES", None)
"""
