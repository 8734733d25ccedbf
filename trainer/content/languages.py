"""The languages every text of the trainer comes in: 中文 and English (catalogs, lessons, puzzles)."""

LANGUAGES = ("zh", "en")
DEFAULT_LANGUAGE = "en"
