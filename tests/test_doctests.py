"""The engine's examples (python-chess style): every doctest in trainer/engine runs, at least 25
of them, and together they use every public name of ``trainer.engine.__all__``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re

import trainer.engine


def _modules() -> list[object]:
    names = [info.name for info in pkgutil.walk_packages(trainer.engine.__path__, "trainer.engine.")]
    return [trainer.engine, *(importlib.import_module(name) for name in sorted(names))]


def test_engine_doctests_pass_and_cover_the_public_api() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    sources = []
    for module in _modules():
        for test in finder.find(module):
            runner.run(test)
            examples += len(test.examples)
            sources.extend(example.source for example in test.examples)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert examples >= 25
    used = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", "\n".join(sources)))
    missing = sorted(set(trainer.engine.__all__) - used)
    assert not missing, f"public names with no example: {missing}"


def test_doctests_outside_the_engine_pass() -> None:
    """The typed names stored as text (skills, sources) keep their written examples true."""
    import trainer.analysis.seeds
    import trainer.lessons.buttons
    import trainer.store.skill_names

    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [test for module in (trainer.store.skill_names, trainer.lessons.buttons,
                                               trainer.analysis.seeds)
             for test in doctest.DocTestFinder().find(module)]
    for test in tests:
        runner.run(test)
    assert sum(len(test.examples) for test in tests) >= 6
    assert runner.summarize(verbose=False).failed == 0
