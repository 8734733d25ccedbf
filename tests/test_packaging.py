"""The package stands alone: a wheel built from this checkout, installed with no network into a
folder outside it, loads every lesson and the whole puzzle bank from package data."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "trainer" / "data"

def test_top_level_folders_are_the_package_data() -> None:
    """The places people edit (lessons/, puzzles/) are the shipped folders themselves."""
    for name in ("lessons", "puzzles"):
        assert (ROOT / name).resolve() == (DATA / name).resolve()


def test_wheel_installed_elsewhere_loads_every_lesson_and_the_bank(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    source = tmp_path / "source"  # a clean copy: no build/ left over from an earlier build
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "-w", str(wheels), str(source)],
                   check=True, cwd=tmp_path)
    (wheel,) = wheels.glob("dou14_trainer-*.whl")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index",
                    "--no-deps", "--target", str(target), str(wheel)], check=True, cwd=tmp_path)
    assert (target / "bin" / "dou14").is_file()
    migrations = target / "trainer" / "store" / "migrations"
    shipped_revisions = {p.name for p in (ROOT / "trainer/store/migrations/versions").glob("r*.py")}
    assert {p.name for p in (migrations / "versions").glob("r*.py")} == shipped_revisions
    assert (migrations / "env.py").is_file() and (migrations / "script.py.mako").is_file()
    probe = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import trainer\n"
        "from trainer.lessons import load_lessons\n"
        "from trainer.puzzles import KINDS, bank_file\n"
        "from trainer.puzzles.check import read_puzzles\n"
        "lessons = load_lessons()\n"
        "from trainer.lessons.kinds.safety import table_pool\n"
        "assert all(table_pool().values())\n"
        "bank = {k: len(read_puzzles(bank_file(k).read_text(encoding='utf-8').splitlines()))"
        " for k in KINDS}\n"
        "print(json.dumps({'file': trainer.__file__, 'lessons': [l.id for l in lessons],"
        " 'steps': sum(len(l.steps) for l in lessons), 'bank': bank}))\n"
    )
    # -S: no site-packages (so not this checkout's editable install); -P: not the cwd either.
    done = subprocess.run([sys.executable, "-S", "-P", "-c", probe, str(target)],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert Path(found["file"]).is_relative_to(target)
    shipped = sorted(path.name for path in (DATA / "lessons").glob("*.toml"))
    assert len(found["lessons"]) == len(shipped) > 0 and found["steps"] > len(shipped)
    for kind, count in found["bank"].items():
        lines = (DATA / "puzzles" / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines()
        assert count == sum(1 for line in lines if line.strip()) > 0
