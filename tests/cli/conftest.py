"""The command line takes its language from the environment when ``--lang`` is not given:
the tests of the English texts must not depend on the locale of whoever runs them."""

from __future__ import annotations

import pytest

from pegboard.cli.i18n import ENVIRONMENT


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
