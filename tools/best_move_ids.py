"""The map from the best-move puzzle ids of every shipped pool version in git's history (the
SHA-256 of a stored line, values and all) to today's ids (of the moment alone), written for
the migration that carries learners' answers over (trainer/store/migrations/versions/r0016).

Run from the repository: ``python tools/best_move_ids.py``."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from trainer.coach.best_moves import moment_json
from trainer.engine.errors import Dou14Error
from trainer.engine.game.replay import Replay
from trainer.practice.best_move_puzzles import PREFIX, moment_id

POOLS = ("best_moves.jsonl", "best_claims.jsonl", "best_moves_3p.jsonl", "best_claims_3p.jsonl")
FOLDER = "trainer/data/coach"
OUT = Path("trainer/store/migrations/best_move_ids.json")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def ids_of(line: str) -> tuple[str, str] | None:
    """(the id the line had, its moment's id), or None for a line that no longer reads."""
    try:
        data = json.loads(line)
        moment = moment_json(Replay.from_json(data["replay"]).to_json(), data["seat"],
                             data.get("salt", 0))
    except (Dou14Error, KeyError, TypeError, ValueError):
        return None
    return PREFIX + hashlib.sha256(line.encode()).hexdigest()[:12], moment_id(moment)


def main() -> None:
    found: dict[str, str] = {}
    for pool in POOLS:
        path = f"{FOLDER}/{pool}"
        for commit in _git("log", "--format=%H", "--", path).split():
            try:
                text = _git("show", f"{commit}:{path}")
            except subprocess.CalledProcessError:
                continue  # the commit that deleted the file
            for line in text.splitlines():
                pair = ids_of(line.strip()) if line.strip() else None
                if pair is not None and pair[0] != pair[1]:
                    found[pair[0]] = pair[1]
    OUT.write_text(json.dumps(dict(sorted(found.items())), indent=0) + "\n", encoding="utf-8")
    print(f"{len(found)} ids mapped to {len(set(found.values()))} moments: {OUT}")


if __name__ == "__main__":
    main()
