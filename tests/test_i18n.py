"""Both catalogs hold the same keys and placeholders, and every engine message renders in both."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from trainer.content.sampling import random_position, random_rules
from trainer.engine import KongEvent, kong_eligibility, parse_card, parse_cards, verdict, waits
from trainer.engine.game.actions import ActionKind
from trainer.i18n import LANGUAGES, Message, catalog, explain, placeholders, render, t

ROOT = Path(__file__).resolve().parent.parent


def test_same_keys() -> None:
    assert set(catalog("zh")) == set(catalog("en"))


@pytest.mark.parametrize("key", sorted(catalog("en")))
def test_same_placeholders(key: str) -> None:
    assert placeholders(catalog("zh")[key]) == placeholders(catalog("en")[key]), key


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="fr"):
        t("app.title", "fr")


def _message_keys_in(path: Path) -> set[str]:
    """Literal catalog keys passed to Message.of / t() in a source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    keys = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(
                r"(verdict|waits|kong|fan|special|cli|app|list|rules)\.[a-z_]*[a-z]", node.value) \
                and not node.value.endswith(".py"):  # a file name, not a key
            keys.add(node.value)
    return keys


def test_every_literal_key_exists() -> None:
    used: set[str] = set()
    for path in (ROOT / "trainer").rglob("*.py"):
        used |= _message_keys_in(path)
    assert used, "no keys found: the scan is broken"
    missing = sorted(used - set(catalog("en")))
    assert not missing


def _called_keys_in(path: Path) -> set[str]:
    """The literal first argument of every ``Message.of``, ``t`` and ``tr`` call in a source
    file: each names a catalog key."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        named = (isinstance(func, ast.Attribute) and func.attr == "of"
                 and isinstance(func.value, ast.Name) and func.value.id == "Message") or \
            (isinstance(func, ast.Name) and func.id in ("t", "tr"))
        first = node.args[0]
        if named and isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys.add(first.value)
    return keys


def test_every_key_a_call_names_is_in_both_catalogs() -> None:
    """A key asked for that the catalog lacks stops the page (hint.reason_earlier stood under
    [instruct] and a lesson's second miss broke for good): every literal key passed to
    ``Message.of``, ``t`` or ``tr`` anywhere in the trainer is in both catalogs."""
    used: set[str] = set()
    for path in (ROOT / "trainer").rglob("*.py"):
        used |= _called_keys_in(path)
    assert len(used) > 500, "too few keys found: the scan is broken"
    for lang in ("en", "zh"):
        assert not sorted(used - set(catalog(lang))), lang


def test_random_explanations_render_in_both_languages() -> None:
    rng = random.Random(3)
    for _ in range(400):
        rules = random_rules(rng)
        position = random_position(rng, rules)
        hand = random_position(rng, rules, with_card=False)
        for lang in LANGUAGES:
            assert explain(verdict(position), lang)
            assert explain(waits(hand), lang)


@pytest.mark.parametrize("event", list(KongEvent))
def test_kong_reasons_render(event: KongEvent) -> None:
    from trainer.engine import Meld
    card = None if event is KongEvent.AFTER_DEAL else parse_card("5d")
    melds = [Meld.parse("pong:9s,9h,9c")]
    for lang in LANGUAGES:
        assert explain(kong_eligibility(parse_cards("5s 5h 5c 7h Kd"), melds, event, card), lang)


def test_pages_use_the_catalog() -> None:
    """No page writes user-facing text of its own: st.* calls take t(...) or variables."""
    pages = [ROOT / "trainer" / "app.py", *(ROOT / "trainer" / "app_pages").glob("*.py")]
    offenders = []
    for path in pages:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "st"
                    and node.func.attr not in {"Page", "switch_page", "form"}):
                for arg in node.args[:1]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                            and re.search(r"[A-Za-z\u4e00-\u9fff]", arg.value):
                        offenders.append(f"{path.name}:{node.lineno} {arg.value!r}")
    assert not offenders


@pytest.mark.parametrize("kind", [kind.value for kind in ActionKind])
def test_every_move_a_learner_can_make_has_words(kind: str) -> None:
    """A lesson says back any move pressed on its table, a wrong one included ("you finish laying
    down" where a pong was asked): each move's words take only the cards."""
    for lang in LANGUAGES:
        said = render(Message.of(f"move.{kind}", cards=tuple(parse_cards("9s 9h 9c"))), lang)
        assert said and "{" not in said


def _bold_that_does_not_close(text: str) -> str | None:
    """Markdown (CommonMark) closes ``**`` only where it is right-flanking: a closing ``**``
    after punctuation must be followed by a space, punctuation or the end — "**方法。**能" shows
    its asterisks. Returns the first such place."""
    import unicodedata

    def punctuation(char: str) -> bool:
        return unicodedata.category(char)[0] in "PS"

    for number, match in enumerate(re.finditer(r"\*\*", text)):
        if number % 2 == 0:
            continue
        before = text[match.start() - 1] if match.start() else " "
        after = text[match.end()] if match.end() < len(text) else " "
        if punctuation(before) and not (after.isspace() or punctuation(after)):
            return text[max(0, match.start() - 12):match.end() + 4]
    return None


def test_bold_text_closes_in_every_lesson_and_catalog_text() -> None:
    import tomllib

    texts: list[str] = []
    for lang in LANGUAGES:
        texts.extend(v for v in catalog(lang).values() if isinstance(v, str))
    for path in sorted((ROOT / "trainer" / "data" / "lessons").glob("*.toml")):
        def walk(node: object) -> None:
            if isinstance(node, str):
                texts.append(node)
            elif isinstance(node, dict):
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    broken = [place for text in texts if (place := _bold_that_does_not_close(text))]
    assert not broken


def test_a_fragment_body_holds_the_language_and_lets_go_after() -> None:
    """``holding_language``: the body's texts see one language, looked up once; afterwards, and
    after an error in the body, the run's language is what it was."""
    import pytest

    from trainer.ui.lang import _THIS_RUN, hold_language, holding_language, release_language

    seen: list[str | None] = []

    @holding_language
    def body(fail: bool) -> str:
        seen.append(_THIS_RUN.get())
        if fail:
            raise ValueError("boom")
        return "done"

    outer = hold_language("zh")
    try:
        assert body(False) == "done"
        with pytest.raises(ValueError, match="boom"):
            body(True)
        assert seen == ["zh", "zh"]
        assert _THIS_RUN.get() == "zh"
    finally:
        release_language(outer)
    assert _THIS_RUN.get() is None


@pytest.mark.parametrize(("typed", "kind", "token", "at"), [
    ("7h 7x Kd", "suit", "7x", 4), ("7h Zh", "rank", "Zh", 4), ("7h 7", "shape", "7", 4)])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_card_typed_wrong_is_said_in_each_language(typed: str, kind: str, token: str, at: int,
                                                    lang: str) -> None:
    """The card, where it is (counted from 1) and what is wrong, from the catalogs — also when
    a position could not be read because of it."""
    from trainer.engine import Dou14Error, position_of
    from trainer.i18n import typo

    with pytest.raises(Dou14Error) as raised:
        position_of(typed)
    said = typo(raised.value, lang)
    assert said == t(f"notation.{kind}", lang, token=token, at=at, suit=token[-1:],
                     rank=token[:-1])
    assert token in said and str(at) in said
    assert typo(ValueError("something else"), lang) is None


IMPOSSIBLE = [  # (what is typed on the Check page, the catalog key the engine says it with)
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["chi:8h,5s"], "card": "7d"}, "chi_sum"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["chi:8h,6s,6d"], "card": "7d"}, "chi_size"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["chi:X,6d"], "card": "7d"}, "chi_joker"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["joker:7d"], "card": "Qd"}, "joker_meld"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["pong:Qh,Qs"], "card": "7d"}, "pong_size"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["kong:Qh,Qs,Qd,Jc"], "card": "7d"}, "kong_mixed"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["pong:Qh,Qs,Jd"], "card": "7d"}, "pong_mixed"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["kong:8h,8s,8d"], "card": "7d"}, "kong_size"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["chi 8h"], "card": "7d"}, "meld_form"),
    ({"hand": "7h Kd Ac 5h 9c", "melds": ["peng:8h,8s,8d"], "card": "7d"}, "meld_kind"),
    ({"hand": "7h Kd Ac 5h 9c 3c", "card": "7d"}, "waiting_even"),
    ({"hand": "7h Kd Ac 5h 9c 3c 2c 4c 6c", "card": "7d"}, "waiting_size"),
    ({"hand": "7h Kd Ac 5h 9c 3c 2c 4c 6c 8c", "card": "7d"}, "waiting_size"),  # even, past 8
    ({"hand": "7h Kd Ac 5h 9c 3c", "melds": ["chi:8h,6s"]}, "chi_before_first"),
    ({"hand": "7h 7h Ac 5h 9c", "card": "7d"}, "too_many"),
    ({"hand": "7h Kd Ac 5h 9c", "card": "7d", "source": "flip", "dealer_first_discard": True},
     "first_discard_flip"),
]


@pytest.mark.parametrize(("typed", "key"), IMPOSSIBLE)
def test_a_position_that_cannot_occur_is_said_in_each_language(typed: dict[str, Any],
                                                              key: str) -> None:
    """A meld or position that cannot occur is said from the catalogs in either language, with
    the rule ids the engine's English cites; the English text stays the engine's own."""
    from trainer.engine import Dou14Error, position_of
    from trainer.i18n import said

    with pytest.raises(Dou14Error) as raised:
        position_of(**typed)
    error = raised.value
    found: BaseException | None = error
    while found is not None and getattr(found, "said", None) is None:
        found = found.__cause__
    assert found is not None and found.said.key == f"engine_error.{key}"  # type: ignore[attr-defined]
    chinese, english = said(error, "zh"), said(error, "en")
    assert chinese is not None and english is not None and chinese != english
    assert any("\u4e00" <= char <= "\u9fff" for char in chinese)
    for rule in found.said.rules:  # type: ignore[attr-defined]
        assert rule in str(error) and rule in chinese and rule in english


def test_numbers_are_rendered_in_the_learners_language_and_never_minus_zero() -> None:
    from trainer.engine.messages import Amount, Points
    from trainer.i18n import _render_param

    assert _render_param(Points(1.26), "en") == "+1.3"
    assert _render_param(Points(-1.26), "zh") == "−1.3"
    assert _render_param(Points(-0.04), "en") == "0.0"
    assert _render_param(Points(-0.6, signed=False), "en") == "0.6"
    assert _render_param(Points(12.4, digits=0), "en") == "+12"
    assert _render_param(Amount(12345.678, 1), "en") == "12,345.7"
    assert _render_param(Amount(12345.678, 1), "zh") == "12345.7"
    assert _render_param(Amount(-0.001, 2), "en") == "0.00"
    assert t("puzzles.rating_help", "en", rd=Amount(61.6)).count("±62") == 1


def test_every_puzzle_skill_has_a_name() -> None:
    """Progress names each puzzle skill an answer is stored under (``puzzle:<kind>``) — the
    bank's kinds and the coach's best-move kinds — never by its raw key."""
    from trainer.lessons.kinds.best_move import POOLS
    from trainer.puzzles import PuzzleKind

    for name in [*(kind.value for kind in PuzzleKind), *POOLS]:
        for lang in LANGUAGES:
            assert t(f"puzzles.kind_{name}", lang)
