"""The server's warm-up: the modules every page imports, loaded once in the background."""

from __future__ import annotations

import logging
import sys

import pytest

from trainer.warm import page_imports, warm_in_background


def test_the_warm_up_loads_every_module_the_pages_import(caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    names = page_imports()
    assert {"pandas", "trainer.ui.progress_charts", "trainer.practice.mastery_service"} <= \
        set(names)
    with caplog.at_level(logging.ERROR, logger="trainer.warm"):
        thread = warm_in_background()
        thread.join(timeout=300)  # a bound, not a wait: it ends when the imports are done
    assert not thread.is_alive() and thread.daemon
    assert not [r for r in caplog.records if r.name == "trainer.warm"]
    assert all(name in sys.modules for name in names)
