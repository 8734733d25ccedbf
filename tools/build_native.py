"""Build the compiled play-outs (trainer/coach/native.py): the lean form's modules compiled by
mypyc into trainer/coach/_compiled/, with the manifest of every source file the build read and its
SHA-256. ``make run``, ``make test`` and ``make bench`` run it; it does nothing while the build is
good for today's sources.

It never stops make: without mypyc, a C compiler or Python's headers, or when the compiler fails,
it says so in one line, removes an old build and leaves the Python modules to run (the same
actions and payments, slower). The compiler's own output goes to build/native.log.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DOU14_COMPILED"] = "0"  # the build neither loads nor judges the build it replaces

from trainer.coach import native  # noqa: E402

LOG = ROOT / "build" / "native.log"


def say(line: str) -> None:
    print(f"play-outs: {line}", flush=True)


def missing_tool() -> str | None:
    """What the build lacks on this machine, or None."""
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"mypyc is not installed ({error.name})"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def compile_into(work: Path) -> None:
    """In a child process: mypyc and setuptools build the compiled modules under ``work``."""
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [native.module_file(module).relative_to(ROOT).as_posix() for module in native.COMPILED]
    extensions = mypycify([*paths, "--cache-dir", str(work / "mypy_cache")],
                          group_name=native.GROUP, target_dir=str(work / "c"))
    setup(name="dou14-compiled-playouts", ext_modules=extensions, script_args=[
        "--quiet", "build_ext", "--build-lib", str(work / "lib"), "--build-temp",
        str(work / "temp")])


def build() -> str | None:
    """Compile, check that the sources did not change meanwhile, and put the extension files and
    the manifest in place; None when done, else why not."""
    files = native.sources()
    before = native.hashes(files)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        LOG.parent.mkdir(exist_ok=True)
        with LOG.open("w", encoding="utf-8") as log:
            done = subprocess.run([sys.executable, __file__, "--compile", str(work)], cwd=ROOT,
                                  stdout=log, stderr=subprocess.STDOUT, check=False)
        if done.returncode:
            return f"the compiler failed (see {LOG.relative_to(ROOT)})"
        if native.hashes(files) != before:
            return "the sources changed during the build (make builds it again)"
        suffix = native.extension_suffix()
        built = {module: work / "lib" / (module.replace(".", "/") + suffix)
                 for module in (*native.COMPILED, native.LIBRARY)}
        absent = sorted(module for module, path in built.items() if not path.is_file())
        if absent:
            return f"the compiler made no {', '.join(absent)} (see {LOG.relative_to(ROOT)})"
        # The library at the top, each module's file under its package's folders: where the
        # compiled modules, loading each other inside the library, say their __file__ is.
        places = {module: (path.name if module == native.LIBRARY
                           else path.relative_to(work / "lib").as_posix())
                  for module, path in built.items()}
        fresh = work / "_compiled"
        for module, place in places.items():
            (fresh / place).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built[module], fresh / place)
        manifest = {"suffix": suffix, "modules": places, "sources": before}
        (fresh / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n",
                                             encoding="utf-8")
        shutil.rmtree(native.BUILD, ignore_errors=True)
        shutil.move(fresh, native.BUILD)
    return None


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--compile":
        compile_into(Path(sys.argv[2]))
        return
    files, _reason = native.check()
    if files is not None:
        return
    problem = missing_tool()
    if problem is None:
        try:
            problem = build()
        except Exception as error:  # never stop make: the Python modules run
            problem = f"the build failed ({error})"
    if problem is None:
        say(f"compiled by mypyc into {native.BUILD.relative_to(ROOT)}/")
        return
    shutil.rmtree(native.BUILD, ignore_errors=True)
    say(f"running as Python, slower: {problem}")


if __name__ == "__main__":
    main()
