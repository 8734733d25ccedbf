"""The compiled play-outs (trainer/coach/native.py) are loaded only from a build of today's
sources: a build whose manifest names a file that has changed since, one made for another Python,
an incomplete one or one whose library does not load leaves the Python modules to run, said once
in the log, never an error. What tests/test_fast_playout.py checks against the engine is whatever
is loaded here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.coach import fast_actions, fast_form, fast_hand, fast_offers, fast_playout, native

MODULES = (fast_form, fast_offers, fast_hand, fast_playout, fast_actions)


def fake_build(tmp_path: Path) -> tuple[Path, Path]:
    """A source tree with one compiled module's source, and a build of it whose manifest records
    that source's hash (its extension files are empty: :func:`native.check` does not load them)."""
    root, build = tmp_path / "src", tmp_path / "build"
    source = root / "trainer" / "coach" / "fast_form.py"
    source.parent.mkdir(parents=True)
    source.write_text("RANK = ()\n", encoding="utf-8")
    suffix = native.extension_suffix()
    places = {module: module.replace(".", "/") + suffix for module in native.COMPILED}
    places[native.LIBRARY] = native.LIBRARY.rsplit(".", 1)[1] + suffix
    for place in places.values():
        (build / place).parent.mkdir(parents=True, exist_ok=True)
        (build / place).write_bytes(b"")
    manifest = {"suffix": suffix, "modules": places,
                "sources": native.hashes(["trainer/coach/fast_form.py"], root)}
    (build / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return root, build


def test_a_build_serves_only_while_every_source_it_read_is_unchanged(tmp_path: Path) -> None:
    root, build = fake_build(tmp_path)
    files, reason = native.check(build, root)
    assert files is not None and set(files) == {*native.COMPILED, native.LIBRARY}, reason
    assert all(path.is_relative_to(build) for path in files.values())
    source = root / "trainer" / "coach" / "fast_form.py"
    source.write_text("RANK = (1,)\n", encoding="utf-8")
    files, reason = native.check(build, root)
    assert files is None and reason.startswith("stale: trainer/coach/fast_form.py changed")
    source.unlink()
    assert native.check(build, root)[1].startswith("stale: trainer/coach/fast_form.py")


def test_a_build_for_another_python_or_incomplete_or_absent_is_not_served(tmp_path: Path) -> None:
    root, build = fake_build(tmp_path)
    manifest = json.loads((build / native.MANIFEST).read_text(encoding="utf-8"))
    (build / native.MANIFEST).write_text(json.dumps({**manifest, "suffix": ".abi3.so"}),
                                         encoding="utf-8")
    assert native.check(build, root) == (None, "built for another Python (make builds it again)")
    del manifest["modules"][native.LIBRARY]
    (build / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert native.check(build, root)[1].startswith("the build is incomplete")
    (build / native.MANIFEST).unlink()
    assert native.check(build, root)[1].startswith("not built")


def test_the_modules_loaded_are_those_the_status_names() -> None:
    status = native.status()
    for module in MODULES:
        assert module.__spec__ is not None and module.__spec__.origin is not None
        origin = Path(module.__spec__.origin)
        if status == "compiled by mypyc":
            assert origin.is_relative_to(native.BUILD), origin
            assert origin.name.endswith(native.extension_suffix())
        else:
            assert status.startswith("Python: ") and origin.suffix == ".py", (status, origin)


PROBE = ("import json, sys\n"
         "sys.path.insert(0, sys.argv[1])\n"
         "import trainer.coach.fast_hand as hand\n"
         "from trainer.coach import native\n"
         "print(json.dumps([native.status(), hand.__spec__.origin]))\n")


def probe(copy: Path) -> tuple[str, str, str]:
    """In a fresh interpreter, with no site-packages (so not this checkout's editable install) and
    the compiled modules not switched off: the status, the file ``fast_hand`` came from, and what
    was said on stderr."""
    env = {name: value for name, value in os.environ.items() if name != native.SWITCH}
    done = subprocess.run([sys.executable, "-S", "-P", "-c", PROBE, str(copy)],
                          capture_output=True, text=True, check=True, cwd=copy, env=env)
    status, origin = json.loads(done.stdout)
    return status, origin, done.stderr


def test_an_edited_source_runs_as_python_beside_a_build_made_before(tmp_path: Path) -> None:
    """A copy of the package with its build: compiled while untouched; a library that does not
    load, then a rule edited after the build, leave the Python modules to run, said once."""
    if native.check()[0] is None:
        pytest.skip(f"no compiled build here: {native.check()[1]}")
    copy = tmp_path / "copy"
    shutil.copytree(native.ROOT / "trainer", copy / "trainer",
                    ignore=shutil.ignore_patterns("__pycache__", "data"))
    status, origin, said = probe(copy)
    assert status == "compiled by mypyc" and Path(origin).is_relative_to(copy), (status, origin)
    assert said == ""

    library = copy / "trainer" / "coach" / "_compiled" / (
        native.LIBRARY.rsplit(".", 1)[1] + native.extension_suffix())
    kept = library.read_bytes()
    library.write_bytes(b"not a library")
    status, origin, said = probe(copy)
    assert status.startswith("Python: the compiled library does not load"), status
    assert origin.endswith("fast_hand.py") and said.count("play-outs run as Python") == 1
    library.write_bytes(kept)

    offers = copy / "trainer" / "coach" / "fast_offers.py"
    offers.write_text(offers.read_text(encoding="utf-8") + "# an edit after the build\n",
                      encoding="utf-8")
    status, origin, said = probe(copy)
    assert status == ("Python: stale: trainer/coach/fast_offers.py changed since the build "
                      "(make builds it again)")
    assert origin == str(copy / "trainer" / "coach" / "fast_hand.py")
    assert said.count("play-outs run as Python") == 1
