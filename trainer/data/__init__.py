"""The trainer's data, shipped inside the package and read only through ``importlib.resources``:
``lessons/`` (one TOML file per lesson) and ``puzzles/`` (the puzzle bank, JSON lines).

These folders are the source. The repository's top-level ``lessons`` and ``puzzles`` are links
to them, the places people edit.
"""

from importlib import resources
from importlib.resources.abc import Traversable


def data_folder(name: str) -> Traversable:
    """The shipped data folder ``name`` (``lessons`` or ``puzzles``)."""
    return resources.files(__package__).joinpath(name)
