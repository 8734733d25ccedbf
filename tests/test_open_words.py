"""The words of the open-hands "which discards are safe?" puzzles (R-WIN, R-PAY, R-PRIORITY):
every deal-in line of the shipped bank names pairs that are the winner's concealed cards and the
card, each summing to 14; a 0-fan win is called plain; R-PRIORITY is cited exactly where more
than one opponent could win on the card."""

from __future__ import annotations

from collections import Counter

import pytest

from trainer.analysis.counting import open_analysis
from trainer.analysis.table import SafetyTable
from trainer.engine import Card, Message
from trainer.i18n import LANGUAGES, render
from trainer.puzzles import PuzzleKind, bank_file
from trainer.puzzles.check import read_puzzles

OPEN = read_puzzles(bank_file(PuzzleKind.SAFE_SET.value).read_text(encoding="utf-8").splitlines())
DEAL_INS = [(puzzle, detail) for puzzle in OPEN for detail in puzzle.details
            if detail.key.startswith("pz.open_deals_in")]


def test_the_bank_has_deal_ins_of_every_kind() -> None:
    keys = Counter(detail.key for _, detail in DEAL_INS)
    assert keys["pz.open_deals_in_pairs"] and keys["pz.open_deals_in_pairs_plain"]
    assert not keys["pz.open_deals_in"]
    assert any("R-PRIORITY" in detail.rules for _, detail in DEAL_INS)


def test_each_deal_in_line_names_the_winner_pairs_and_cites_priority_only_when_shared() -> None:
    for puzzle, detail in DEAL_INS:
        table = puzzle.board
        assert isinstance(table, SafetyTable) and table.hands is not None
        card = detail.param("card")
        assert isinstance(card, Card)
        analysis = open_analysis(table, card)
        claim = analysis.deal_in
        assert claim is not None, puzzle.id
        assert (detail.key.endswith("_plain")) == (claim.verdict.fan == 0), puzzle.id
        assert ("R-PRIORITY" in detail.rules) == (len(analysis.winners) > 1), puzzle.id
        pairs = claim.verdict.pairs
        assert Counter(c for pair in pairs for c in pair) == \
            Counter([*table.hands[claim.seat], card]), puzzle.id
        assert all(a.rank is not None and b.rank is not None and a.rank + b.rank == 14
                   for a, b in pairs), puzzle.id
        how = detail.param("how")
        assert isinstance(how, Message)
        fan = detail.param("fan")  # where the fan comes from: the winner's laid sets in sight
        if claim.verdict.fan:
            assert isinstance(fan, Message) and "R-FAN" in detail.rules, puzzle.id
            terms = fan.param("terms")
            assert isinstance(terms, tuple)
            assert sum(int(term.param("fan")) for term in terms) == claim.verdict.fan_uncapped
            laid = sum(meld.fan(table.rules.joker_kong_fan) for meld in table.melds[claim.seat])
            assert laid + 3 * len(claim.verdict.specials) == claim.verdict.fan_uncapped, puzzle.id
        for lang in LANGUAGES:
            words = render(detail, lang)
            assert all(f"{a.symbol}+{b.symbol}" in words for a, b in pairs), (puzzle.id, words)
            assert render(how, lang) in words
            if isinstance(fan, Message):
                assert render(fan, lang) in words, (puzzle.id, words)
                if puzzle.why.key != "pz.why_safe_set_many":  # the one card, said in the summary
                    assert render(fan, lang) in render(puzzle.why, lang), puzzle.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plain_win_says_it_still_pays(lang: str) -> None:
    plain = [puzzle for puzzle in OPEN if puzzle.why.key == "pz.why_safe_set_plain"]
    assert plain
    words = render(plain[0].why, lang)
    assert ("plain win" if lang == "en" else "平糊") in words
    assert ("still pays" if lang == "en" else "照样要赔") in words
