"""House rules: every option of the rules reference (``docs/rules.md``), with its defaults.

Each **[decision]** of the reference is an option here whose default is that decision, so a table
that plays it otherwise can switch it. Names stored by older versions are still read
(:data:`RENAMED_OPTIONS`, :data:`RETIRED_OPTIONS`); :meth:`RuleSet.to_json` writes only today's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from trainer.engine.errors import RuleSetError

Scoring = Literal["doubling", "ladder"]
_AUTO: Any = object()


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A frozen set of house rules.

    - ``players`` 4 or 3 (R-SEAT); ``jokers`` 4, 2 or 6 (R-DECK).
    - ``red_threshold``: 20 with 4 players, 25 with 3, unless given (R-WIN).
    - ``scoring``: ``"doubling"`` (跟头翻, default) or ``"ladder"`` (梯字翻) (R-SCORE);
      ``base`` defaults to 1 for doubling and 5 for ladder; ``fan_cap`` to 5 for doubling and
      ``None`` (no cap) for ladder. Pass ``fan_cap=None`` for no cap.
    - ``jiedi_cap``: 接地's total is capped at this many fan (R-SPECIAL, default 4; ``None`` = no cap).
    - ``win_pong_kong_on_own_flip``: may a player win, pong or kong on the card they flipped
      themselves (R-OWN-FLIP, default False: only chi is allowed on one's own flip).
    - ``joker_kong_fan``: fan of four jokers laid as a kong (R-FAN decision, default 5).
    - ``kong_from_gathered_four``: four of a rank gathered later by draws may be laid down as a kong
      (R-KONG decision, default False: the sources' "only three ways").
    - ``chi_priority_flipper_first``: for chi on a flip, the flipper before their lower player
      (R-PRIORITY decision, default True).
    - ``same_dealer_after_draw``: after a drawn hand the same dealer deals again
      (R-DEALER decision, default True).

    A drawn hand never pays (R-STOCK-EMPTY): that is not an option.
    """

    players: int = 4
    jokers: int = 4
    red_threshold: int = _AUTO
    scoring: Scoring = "doubling"
    base: int = _AUTO
    fan_cap: int | None = _AUTO
    jiedi_cap: int | None = 4
    win_pong_kong_on_own_flip: bool = False
    joker_kong_fan: int = 5
    kong_from_gathered_four: bool = False
    chi_priority_flipper_first: bool = True
    same_dealer_after_draw: bool = True

    def __post_init__(self) -> None:
        if self.players not in (3, 4) or isinstance(self.players, bool):
            raise RuleSetError(f"players must be 3 or 4, not {self.players!r} (R-SEAT)")
        if self.jokers not in (2, 4, 6) or isinstance(self.jokers, bool):
            raise RuleSetError(f"jokers must be 2, 4 or 6, not {self.jokers!r} (R-DECK)")
        if self.scoring not in ("doubling", "ladder"):
            raise RuleSetError(f"scoring must be 'doubling' or 'ladder', not {self.scoring!r}")
        if self.red_threshold is _AUTO:
            object.__setattr__(self, "red_threshold", 20 if self.players == 4 else 25)
        if self.base is _AUTO:
            object.__setattr__(self, "base", 1 if self.scoring == "doubling" else 5)
        if self.fan_cap is _AUTO:
            object.__setattr__(self, "fan_cap", 5 if self.scoring == "doubling" else None)
        _check_int("red_threshold", self.red_threshold, 0, 116)
        _check_int("base", self.base, 1, 1_000_000)
        if self.fan_cap is not None:
            _check_int("fan_cap", self.fan_cap, 0, 64)
        if self.jiedi_cap is not None:
            _check_int("jiedi_cap", self.jiedi_cap, 0, 64)
        _check_int("joker_kong_fan", self.joker_kong_fan, 0, 64)
        for name in ("win_pong_kong_on_own_flip", "kong_from_gathered_four",
                     "chi_priority_flipper_first", "same_dealer_after_draw"):
            if not isinstance(getattr(self, name), bool):
                raise RuleSetError(f"{name} must be true or false, not {getattr(self, name)!r}")

    @property
    def payers(self) -> int:
        """How many players pay a winner: 3 with 4 players, 2 with 3 (R-PAY)."""
        return self.players - 1

    @property
    def deal_sizes(self) -> tuple[int, int]:
        """(dealer, other) cards dealt: 8 and 7 (R-DEAL)."""
        return 8, 7

    @property
    def stock_after_deal(self) -> int:
        """Cards left face down after the deal (R-DEAL): 27 with 4 players and 4 jokers."""
        return 52 + self.jokers - 8 - 7 * (self.players - 1)

    def share(self, fan: int) -> int:
        """One share for ``fan`` fan (R-SCORE): doubling ``base × 2^min(n, cap)``, ladder
        ``base × (n + 1)`` (capped at ``fan_cap`` when one is set)."""
        if fan < 0:
            raise ValueError(f"fan must be ≥ 0, not {fan}")
        counted = fan if self.fan_cap is None else min(fan, self.fan_cap)
        if self.scoring == "doubling":
            return int(self.base * 2**counted)
        return int(self.base * (counted + 1))

    def to_json(self) -> dict[str, Any]:
        """Every option, as docs/format.md's ``rules`` object (defaults written out)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> RuleSet:
        """Read a ``rules`` object (docs/format.md); any key may be left out, unknown keys are
        errors. Older names are read too: see :func:`upgrade_rules_json`."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RuleSetError(f"'rules' must be an object, not {data!r}")
        options = upgrade_rules_json(data)
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(key) for key in options if key not in known)
        if unknown:
            raise RuleSetError(
                f"unknown rules key {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )
        return cls(**options)


RENAMED_OPTIONS = {"win_on_own_flip": "win_pong_kong_on_own_flip"}
"""Old option name → today's name (the old name said "win" but the option also governs pong
and kong on one's own flip, R-OWN-FLIP)."""

RETIRED_OPTIONS = {"drawn_hand_pays": False}
"""Options that no longer exist, with the only value they may still carry: ``drawn_hand_pays``
was defined but changed nothing, since a drawn hand never pays (R-STOCK-EMPTY)."""


def upgrade_rules_json(data: Mapping[Any, Any]) -> dict[str, Any]:
    """A stored ``rules`` object in today's names: renamed options mapped, a retired option with
    its harmless value dropped, and :class:`RuleSetError` for a retired option set otherwise."""
    options: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key)
        if name in RETIRED_OPTIONS:
            if value is not RETIRED_OPTIONS[name]:
                raise RuleSetError(
                    f"{name} = {value!r} is not supported: a drawn hand never pays (R-STOCK-EMPTY);"
                    f" remove the option")
            continue
        name = RENAMED_OPTIONS.get(name, name)
        if name in options:
            raise RuleSetError(f"the option {name!r} is given twice (once by its old name)")
        options[name] = value
    return options


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleSetError(f"{name} must be a whole number from {low} to {high}, not {value!r}")


DEFAULT_RULES = RuleSet()
