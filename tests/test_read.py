"""R-READ: what the table's history proves. Its premises are checked on simulated hands (a
concealed hand changes only when its player takes a card or discards; the bots take every win
open to them), and so is its conclusion: a card of the rank and colour of one that passed a player
since their hand last changed does not win for them."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from trainer.bots import HeuristicBot
from trainer.engine import Position, RuleSet, relation, verdict
from trainer.engine.cards import Card
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of

TABLES = [RuleSet(), RuleSet(players=3), RuleSet(jokers=6), RuleSet(jokers=2, scoring="ladder"),
          RuleSet(win_pong_kong_on_own_flip=True)]


def _twin_wins(state: HandState, seat: int, card: Card) -> bool:
    """Would a card of ``card``'s rank and colour, discarded by another player now, win for
    ``seat``? (Every copy is checked that ``seat`` does not hold or show itself.)"""
    mine = set(state.hands[seat]) | {c for meld in state.melds[seat] for c in meld.cards}
    twins = [c for c in _same_rank_and_colour(card) if c not in mine]
    for twin in twins:
        other = (seat - 1) % state.players
        position = Position(tuple(state.hands[seat]), tuple(state.melds[seat]), twin, "discard",
                            False, state.rules, relation(other, seat, state.players))
        if verdict(position).win:
            return True
    return False


def _same_rank_and_colour(card: Card) -> list[Card]:
    from trainer.engine import RANKED_CARDS
    return [c for c in RANKED_CARDS if c.rank == card.rank and c.is_red == card.is_red]


def _play_with_passes(rules: RuleSet, seed: int, hands: int
                      ) -> Iterator[tuple[HandState, list[list[Card]]]]:
    """Simulated hands of heuristic bots, after each action: the state and, for each seat, the
    cards that passed them since their concealed hand last changed (not the card still on
    offer). Checks R-READ's premise on the way: a bot takes every win open to it."""
    rng = random.Random(seed)
    bot = HeuristicBot()
    for _ in range(hands):
        state = HandState.deal(rng.getrandbits(32), rules)
        passed: list[list[Card]] = [[] for _ in range(rules.players)]
        concealed = [sorted(h, key=lambda c: c.index) for h in state.hands]
        while not state.over:
            if state.phase is Phase.CLAIM and state.offer is not None and \
                    state.to_act == state.ask_order[0].seat:
                offer = state.offer
                for seat in range(rules.players):
                    own = seat == offer.seat
                    if own and (offer.source == "discard" or not rules.win_pong_kong_on_own_flip):
                        continue
                    if offer.card.rank is not None and offer.card not in passed[seat]:
                        passed[seat].append(offer.card)
            view = view_of(state, state.to_act)
            action = bot.choose(view, rng)
            if any(a.kind is ActionKind.WIN for a in view.legal):
                assert action.kind is ActionKind.WIN  # R-READ's assumption holds for the bots
            state.apply(action)
            for other in range(rules.players):
                now = sorted(state.hands[other], key=lambda c: c.index)
                if now != concealed[other]:
                    passed[other] = []  # the concealed hand changed: old passes prove nothing
                    concealed[other] = now
            if state.over:
                break
            on_offer = state.offer.card if state.offer is not None else None
            yield state, [[card for card in cards if card != on_offer] for cards in passed]


@pytest.mark.rule("R-READ", "R-PUBLIC")
@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p-{r.jokers}j-"
                         f"{'own' if r.win_pong_kong_on_own_flip else 'std'}")
def test_a_card_that_passed_a_player_proves_its_twins_safe_against_them(rules: RuleSet) -> None:
    proven = 0
    for state, passed in _play_with_passes(rules, 7, 25):
        for other, cards in enumerate(passed):
            for card in cards:
                assert not _twin_wins(state, other, card), (other, card)
                proven += 1
    assert proven > 100


@pytest.mark.rule("R-READ", "R-PRIORITY")
def test_a_pass_is_marked_taken_exactly_when_the_card_lies_in_a_set() -> None:
    """A ponged card bare in two "passed, not won" rows and in its pong reads as three copies. A
    pass is marked taken when a player then claimed the card — exactly when it lies in someone's
    laid sets — and it stays a pass for the others, as the engine's history keeps it (the card
    passed them: a win is asked before a chi or pong)."""
    taken = left = 0
    for state, _ in _play_with_passes(RuleSet(), 5, 12):
        history = view_of(state, 0).history
        assert history is not None
        laid = {c for melds in state.melds for meld in melds for c in meld.cards}
        for seat in range(state.players):
            for entry in history.passed[seat]:
                assert entry.taken is (entry.card in laid), (seat, entry)
                taken += entry.taken
                left += not entry.taken
    assert taken > 10 and left > 10


def _wins(state: HandState, seat: int, card: Card) -> bool:
    other = (seat - 1) % state.players
    position = Position(tuple(state.hands[seat]), tuple(state.melds[seat]), card, "discard",
                        False, state.rules, relation(other, seat, state.players))
    return verdict(position).win


@pytest.mark.rule("R-READ")
@pytest.mark.parametrize("rules", TABLES[:3], ids=lambda r: f"{r.players}p-{r.jokers}j")
def test_every_card_a_pass_proves_safe_does_not_win(rules: RuleSet) -> None:
    """``history_twin``, all its cases against the real hands of simulated play: the same rank
    and colour; a black card when a red one passed and red is laid down; any colour when the
    sets laid already carry the red a win needs. No card it proves safe wins."""
    from trainer.analysis.chance import history_twin
    from trainer.engine import RANKED_CARDS

    proven = {"same": 0, "other colour": 0}
    for state, passed in _play_with_passes(rules, 11, 30):
        for other, cards in enumerate(passed):
            mine = set(state.hands[other]) | {c for m in state.melds[other] for c in m.cards}
            for card in RANKED_CARDS:
                twin = history_twin(card, cards, state.melds[other], rules.red_threshold)
                if twin is None or card in mine:
                    continue
                assert not _wins(state, other, card), (other, card, twin)
                proven["same" if twin.is_red == card.is_red else "other colour"] += 1
    assert proven["same"] > 100 and proven["other colour"] > 0


@pytest.mark.rule("R-READ")
def test_a_pass_called_a_trap_never_proves_the_card() -> None:
    """The safety lessons warn of a pass of the other colour ("it proves nothing about …"); a
    red pass does prove a black card against a player with red laid down (5♥ is a proof of 5♣
    against a player showing K♥). The warning names only passes that prove nothing there — and
    over simulated tables, the passes it names are never the proofs the history reading
    (``history_twin``) uses, while the ones it skips are."""
    from trainer.analysis.chance import passed_twin
    from trainer.analysis.table import table_from_view
    from trainer.lessons.kinds.safety import other_colour_passed

    rules = RuleSet()
    warned = skipped = 0
    for state, _ in _play_with_passes(rules, 11, 30):
        if state.over or state.phase is not Phase.DISCARD:
            continue
        table = table_from_view(view_of(state, state.to_act))
        assert table.passed is not None
        for card in table.candidates():
            trap = other_colour_passed(table, card)
            if trap is not None:
                seat, passed = trap
                assert passed in table.passed[seat] and passed.rank == card.rank
                assert passed.is_red != card.is_red and passed_twin(table, seat, card) is None
                warned += 1
            for seat in table.opponents():
                for passed in table.passed[seat]:
                    if passed.rank == card.rank and passed.is_red != card.is_red and \
                            passed_twin(table, seat, card) is not None:
                        assert trap is None or trap[0] != seat or trap[1] != passed
                        skipped += 1
    assert warned > 0 and skipped > 0
