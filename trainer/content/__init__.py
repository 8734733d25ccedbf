"""Content built from the engine: the position sampler and the Rules page examples. Lessons and
puzzles live in their own packages beside this one."""
