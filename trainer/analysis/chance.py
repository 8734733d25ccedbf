"""The chance that a discard deals in, written once (R-SAFE, R-READ, R-WIN, R-PRIORITY).

One definition: the chance that **at least one** opponent can win on the card, their concealed
hands dealt *jointly* from the cards the discarder cannot see, and — in the models that read the
table's history — no opponent holding a hand that would have won on a card that passed them
since their hand last changed (R-READ: a player takes every win open to them).

Four readings, one function (:func:`deal_in_chances`):

- :attr:`Model.VISIBLE` — the visible cards only, every deal of the unseen cards equally likely;
- :attr:`Model.HISTORY` — the same, less the deals the passes rule out;
- :attr:`Model.PAIRS` — the passes, and deals weighted by how players keep their cards: a hand is
  ``exp(-w)`` times less likely for each card in it without a 14-partner (players keep their
  14-pairs and throw the rest), ``w`` growing with the cards played (:func:`pair_weight`), fitted
  on simulated play;
- :attr:`Model.PLAY` — the best reading, shown everywhere: per opponent, the play model
  (:mod:`trainer.analysis.risk_model`, learned from play) reads the two deal readings beside
  what the table shows of that player — their discards, sets, concealed cards, passes — and the
  chance that at least one opponent wins is ``1 − Π(1 − p)`` over their chances. Measured on
  simulated play it is the best calibrated (``benchmarks/risk.py``); uniform deals misjudge
  what players hold, who keep their pairs and their red.

Exact where the deals can be counted (every joint deal enumerated, small tables), otherwise
sampled with its 95% error said; the sample's seed is drawn from the public table alone, so
nothing the discarder cannot see changes any figure. A card proven safe — by the visible cards
(:func:`trainer.analysis.counting.deal_in_count`) or by the history (a card of its rank and colour
passed that opponent) — has chance 0 and says which proof.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from trainer.analysis.counting import deal_in_count
from trainer.analysis.joint_deals import deal_arrays, numpy_parts, unpaired_of, wins_of
from trainer.analysis.risk_features import FEATURES, rows
from trainer.analysis.table import SafetyTable
from trainer.engine.cards import Card, red_total
from trainer.engine.melds import Meld
from trainer.engine.win_rule import red_reached

PAIR_WEIGHT = 0.2
"""Model.PLAY: log-weight lost per unpaired card in an opponent's hand at the deal …"""
PAIR_WEIGHT_PER_CARD = 0.03
"""… and more for every card played since (on the table or laid in sets): the longer a hand is
played, the more of its 14-pairs a player has kept. Both fitted on 2,000 simulated hands
(``benchmarks/fit_play_model.py``; seed 11, not the seed ``benchmarks/risk.py`` scores on)."""
PAIR_WEIGHT_AT_MOST = 2.5
SAMPLES = 4096
"""Deals sampled by default (the error bound is said with each figure)."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Bool = npt.NDArray[np.bool_]


class Model(StrEnum):
    VISIBLE = "visible"
    HISTORY = "history"
    PAIRS = "pairs"
    PLAY = "play"


class Proof(StrEnum):
    """How a card is proven safe against every opponent."""

    VISIBLE = "visible"
    """By the visible cards: no hand consistent with them wins on it (R-SAFE)."""
    HISTORY = "history"
    """By the passes, for at least one opponent the visible cards leave open (R-READ)."""


@dataclass(frozen=True, slots=True)
class Chance:
    """The chance that discarding ``card`` deals in, with its 95% error (0 when exact)."""

    card: Card
    value: float
    error: float
    exact: bool
    proof: Proof | None
    history_proofs: tuple[tuple[int, Card], ...] = ()
    """(opponent, the card that passed them) for each opponent the history proves it safe
    against, when the visible cards alone do not."""
    against: tuple[float, ...] = ()
    """Per opponent in claim order, the same reading's chance that they win on it (0 where a
    proof covers them; empty for a proven card): what a certificate names beside the whole."""

    @property
    def safe(self) -> bool:
        return self.proof is not None


def deal_in_chances(table: SafetyTable, cards: Sequence[Card] | None = None, *,
                    model: Model = Model.PLAY, samples: int = SAMPLES,
                    proofs: bool = True) -> dict[Card, Chance]:
    """The chance that each of ``cards`` (default: every candidate) deals in, under ``model``.
    Without ``proofs`` (a bot in a hurry) no card is proven safe: the chance alone is read,
    which a proof would only confirm (0 for a card no consistent deal wins on)."""
    np, _LOW, _HIGH = numpy_parts()
    cards = list(dict.fromkeys(table.candidates() if cards is None else cards))
    found, reading = _read(table, cards, model, samples, proofs)
    if reading is None:
        if len(found) < len(cards) and model is not Model.VISIBLE:
            # no deal the history allows: the visible cards only
            return deal_in_chances(table, cards, model=Model.VISIBLE, samples=samples)
        return found
    shown = reading.weight.sum()
    effective = shown * shown / float((reading.weight * reading.weight).sum())
    learned = _learned(table, reading) if model is Model.PLAY else None
    for n, card in enumerate(reading.cards):
        hit = np.zeros(len(reading.weight), dtype=np.bool_)
        for won in reading.wins[n]:
            if won is not None:
                hit |= won
        value = float((reading.weight * hit).sum() / shown)
        error = 0.0 if reading.exact else 1.96 * math.sqrt(
            max(value * (1 - value), 1 / effective) / effective)
        if learned is not None:
            value = float(1.0 - np.prod(1.0 - learned[n]))
            against = tuple(float(p) for p in learned[n])
        else:
            against = tuple(0.0 if won is None else float((reading.weight * won).sum() / shown)
                            for won in reading.wins[n])
        found[card] = Chance(card, value, error, reading.exact and learned is None, None,
                             against=against)
    return {card: found[card] for card in cards}


@dataclass(frozen=True)
class _Reading:
    """The deals of a table read for its open cards (those no proof covers against everyone):
    per card and opponent the deals on which that opponent wins (None where a proof covers
    them), the deals the history allows (R-READ) and their weights under the model."""

    cards: tuple[Card, ...]
    opponents: tuple[int, ...]
    wins: tuple[tuple[Bool | None, ...], ...]
    allowed: Any
    weight: Any
    exact: bool


def _read(table: SafetyTable, cards: Sequence[Card], model: Model, samples: int,
          proofs: bool) -> tuple[dict[Card, Chance], _Reading | None]:
    """The proven cards' chances (0, with their proof), and the reading of the others — None
    when every card is proven, or when no deal of the sample is one the history allows."""
    np, _LOW, _HIGH = numpy_parts()
    opponents = table.opponents()
    unseen = table.unseen()
    threshold = table.rules.red_threshold
    passes = table.passed if model is not Model.VISIBLE and table.passed is not None else None
    covered: dict[Card, list[bool]] = {}
    found: dict[Card, Chance] = {}
    for card in cards:
        visible = [proofs and deal_in_count(table, other, card, unseen).provably_safe
                   for other in opponents]
        history_cards = tuple(
            (other, twin) for other, safe in zip(opponents, visible, strict=True)
            if not safe and passes is not None
            and (twin := passed_twin(table, other, card)) is not None)
        twins = {other for other, _ in history_cards}
        covered[card] = [safe or other in twins for other, safe in zip(opponents, visible,
                                                                      strict=True)]
        if proofs and all(covered[card]):
            proof = Proof.VISIBLE if all(visible) else Proof.HISTORY
            found[card] = Chance(card, 0.0, 0.0, True, proof, history_cards)
        else:
            covered[card] = visible if proofs else [False] * len(opponents)
    open_cards = tuple(card for card in cards if card not in found)
    if not open_cards:
        return found, None
    deals = deal_arrays(table, samples)
    allowed = np.ones(len(deals.red[0]), dtype=np.float64)
    for i, other in enumerate(opponents):
        for passed in (passes[other] if passes is not None else ()):
            allowed[wins_of(deals.needed[i], deals.red[i], deals.colours[i], passed, threshold,
                            False)] = 0.0
    if allowed.sum() <= 0:
        return found, None
    weight = allowed
    if model in (Model.PAIRS, Model.PLAY):
        weight = allowed.copy()
        for counts in deals.counts:
            weight *= np.exp(-pair_weight(table) * unpaired_of(counts))
    wins = tuple(tuple(None if covered[card][i] else wins_of(
        deals.needed[i], deals.red[i], deals.colours[i], card, threshold, table.first_discard)
        for i in range(len(opponents))) for card in open_cards)
    return found, _Reading(open_cards, tuple(opponents), wins, allowed, weight, deals.exact)


def _readings(table: SafetyTable, reading: _Reading) -> tuple[Any, Any, Any]:
    """Per open card and opponent: their chance to win on it in the deals the history allows
    and in the same weighed by kept pairs, and whether a proof covers them (the visible cards,
    or a pass of its rank and colour, R-READ)."""
    np, _LOW, _HIGH = numpy_parts()
    shape = (len(reading.cards), len(reading.opponents))
    history, pairs = np.zeros(shape), np.zeros(shape)
    proven = np.zeros(shape, dtype=np.bool_)
    passes = table.passed
    for n, card in enumerate(reading.cards):
        for i, won in enumerate(reading.wins[n]):
            other = reading.opponents[i]
            if won is None or (passes is not None and
                               passed_twin(table, other, card) is not None):
                proven[n, i] = True
                continue
            history[n, i] = (reading.allowed * won).sum() / reading.allowed.sum()
            pairs[n, i] = (reading.weight * won).sum() / reading.weight.sum()
    return history, pairs, proven


def _learned(table: SafetyTable, reading: _Reading) -> Any:
    """Model.PLAY: per open card and opponent, the play model's chance
    (:mod:`trainer.analysis.risk_model`); 0 against an opponent a proof covers."""
    from trainer.analysis.risk_model import model

    history, pairs, proven = _readings(table, reading)
    found = model().chances(rows(table, reading.cards, reading.opponents, history, pairs))
    found = found.reshape(proven.shape)
    found[proven] = 0.0
    return found


def model_rows(table: SafetyTable, samples: int = SAMPLES) -> tuple[tuple[Card, ...],
                                                                      tuple[int, ...], Any, Any]:
    """What the play model reads at ``table``: its open candidates, the opponents in claim
    order, one row of :data:`~trainer.analysis.risk_features.FEATURES` per card and opponent,
    and which of those a proof covers (the model is not asked about them) — the inputs
    ``tools/fit_risk_model.py`` fits the model on, computed as the chance computes them."""
    np, _LOW, _HIGH = numpy_parts()
    _found, reading = _read(table, table.candidates(), Model.PLAY, samples, True)
    if reading is None:
        return (), tuple(table.opponents()), np.zeros((0, len(FEATURES))), np.zeros(0, bool)
    history, pairs, proven = _readings(table, reading)
    return (reading.cards, reading.opponents,
            rows(table, reading.cards, reading.opponents, history, pairs), proven.reshape(-1))


def pair_weight(table: SafetyTable) -> float:
    """Model.PLAY's log-weight per unpaired card, by how far the hand has been played."""
    return play_weight(len(table.table_cards) + sum(len(meld.cards) for melds in table.melds
                                                    for meld in melds))


def play_weight(played: int) -> float:
    """Model.PLAY's log-weight per unpaired card with ``played`` cards on the table and in
    sets — the one weight the chance and the coach's deals both read."""
    return min(PAIR_WEIGHT_AT_MOST, PAIR_WEIGHT + PAIR_WEIGHT_PER_CARD * played)


def passed_twin(table: SafetyTable, opponent: int, card: Card) -> Card | None:
    """:func:`history_twin` at a table: what passed ``opponent`` (none where the table keeps no
    passes), the sets they laid and the red a win needs there."""
    passed = table.passed[opponent] if table.passed is not None else ()
    return history_twin(card, passed, table.melds[opponent], table.rules.red_threshold)


def history_twin(card: Card, passed: Sequence[Card], melds: Sequence[Meld] = (),
                 threshold: int | None = None) -> Card | None:
    """A card that passed an opponent and proves ``card`` safe against them (R-READ), if any.

    Only a card of the same rank can: a hand that wins on ``card`` combines with it, and then
    with no card of another rank. Same rank and colour: the same verdict (the red total and
    全红/全黑 see only rank and colour). A red card of the rank passed and ``card`` is black:
    ``card`` brings less red, so it wins only as 全黑 — impossible once the opponent shows a red
    card laid down. A black card of the rank passed and ``card`` is red: when the sets they laid
    already carry ``threshold`` red, any combined hand of theirs wins whatever the colour, so
    they would have won on the black one."""
    if card.rank is None:
        return None
    same = [p for p in passed if p.rank == card.rank]
    twin = next((p for p in same if p.is_red == card.is_red), None)
    if twin is not None:
        return twin
    if card.is_black and any(c.is_red for meld in melds for c in meld.cards):
        return next((p for p in same if p.is_red), None)
    if threshold is not None and red_reached(red_total(melds), threshold):
        return next(iter(same), None)
    return None


class Band(StrEnum):
    """How a discard's chance is coloured (R-SAFE): proven safe, or its place within the
    decision's own range — nothing under :data:`NEVER_RISKY` is coloured as risky."""

    SAFE = "safe"
    LOW = "low"
    MID = "mid"
    HIGH = "high"


NEVER_RISKY = 0.01
"""A card shown at this chance or below (its badge "1%" or "<1%") is coloured low, whatever
the others' chances: a decision whose cards are all near 1% has none to fear."""


def bands(chances: dict[Card, Chance]) -> dict[Card, Band]:
    """The bands of one decision's candidates, defined once for every page. Chances are
    placed at whole percents, as the badges show them: two cards shown alike are coloured
    alike (never two "2%" cards in two colours)."""
    def shown(value: float) -> float:
        return round(value * 100) / 100

    unsafe = [shown(chance.value) for chance in chances.values() if not chance.safe]
    low, high = (min(unsafe), max(unsafe)) if unsafe else (0.0, 0.0)
    found = {}
    for card, chance in chances.items():
        value = shown(chance.value)
        if chance.safe:
            found[card] = Band.SAFE
        elif value <= NEVER_RISKY:  # shown as 1% or "<1%"
            found[card] = Band.LOW
        elif high - low < 1e-9:
            found[card] = Band.LOW if high < 0.02 else Band.MID
        else:
            found[card] = (Band.LOW, Band.MID, Band.HIGH)[
                min(2, int(3 * (value - low) / (high - low)))]
    return found
