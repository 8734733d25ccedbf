"""The Rules page's structure and its card examples (data only; verdicts come from the engine).

Each example: ``cards`` (notation), optional ``melds``, ``card``/``source``/``first`` for a claim
the engine judges (``check = "verdict"``), or ``check = "waits"`` for a waiting hand.
"""

from __future__ import annotations

from typing import Any

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cards", ("R-DECK", "R-RANK", "R-RED")),
    ("combinations", ("R-PAIR14", "R-SET")),
    ("dealing", ("R-SEAT", "R-DEALER", "R-DEAL", "R-PARITY")),
    ("laydown", ("R-TOU", "R-TOU-ORDER", "R-TOU-LATER")),
    ("turn", ("R-DISCARD", "R-FLIP", "R-FLIP-JOKER", "R-CHI", "R-PONG", "R-KONG", "R-PRIORITY",
              "R-OWN-FLIP", "R-NO-SELF-DRAW", "R-STOCK-EMPTY")),
    ("winning", ("R-WIN", "R-WAIT", "R-SPECIAL")),
    ("score", ("R-FAN", "R-SCORE", "R-PAY")),
    ("table", ("R-PUBLIC", "R-SAFE", "R-READ")),
)

EXAMPLES: dict[str, dict[str, Any]] = {
    "R-DECK": {"cards": "As Kh 7d 10c X X"},
    "R-RANK": {"cards": "Ah 2h 10h Jh Qh Kh"},
    "R-RED": {"cards": "Qd 10h 3d 5s X", "label_red": True},
    "R-PAIR14": {"cards": "Ah Ks 2d Qc 3s Jh 4c 10d 5h 9s 6d 8c 7h 7s"},
    "R-SET": {"cards": "5h 5d 5s", "melds": ["pong:Qh,Qs,Qd", "kong:9s,9h,9c,9d"]},
    "R-SEAT": {"cards": "", "back": 4},
    "R-DEALER": {"cards": "3h"},
    "R-DEAL": {"cards": "", "back": 8},
    "R-PARITY": {"cards": "7h Kd Ac 5h 9c 6d 8s"},
    "R-TOU": {"cards": "X 4s 4h 4c", "melds": ["joker:X", "pong:4s,4h,4c"]},
    "R-TOU-ORDER": {"cards": "", "back": 3},
    "R-TOU-LATER": {"cards": "X", "melds": ["pong:Jh,Js,Jd"]},
    "R-DISCARD": {"cards": "9c"},
    "R-FLIP": {"cards": "6d", "back": 1},
    "R-FLIP-JOKER": {"cards": "X", "melds": ["joker:X"]},
    "R-CHI": {"cards": "", "melds": ["chi:8h,6s"]},
    "R-PONG": {"cards": "", "melds": ["pong:Qh,Qs,Qd"]},
    "R-KONG": {"cards": "", "melds": ["kong:5s,5h,5c,5d"]},
    "R-PRIORITY": {"cards": "Kd"},
    "R-OWN-FLIP": {"cards": "4s"},
    "R-NO-SELF-DRAW": {"cards": "", "back": 1},
    "R-STOCK-EMPTY": {"cards": ""},
    "R-WIN": {"cards": "7h Kd Ac 5s 9c", "melds": ["chi:3d,Jd"], "card": "7d",
              "check": "verdict"},
    "R-WAIT": {"cards": "8h 5h 9c", "melds": ["chi:10c,4d", "chi:Ah,Kc"],
               "check": "waits"},
    "R-SPECIAL": {"cards": "7s Ks Ac 5s 9c 6c 8s", "card": "7c", "check": "verdict"},
    "R-FAN": {"cards": "Ah Kd 7h", "melds": ["pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h", "joker:X"],
              "card": "7d", "check": "verdict"},
    "R-SCORE": {"cards": "Ah Kd 7h", "melds": ["pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h"],
                "card": "7d", "check": "verdict"},
    "R-PAY": {"cards": "Ah Kd 7h 5h 9c", "melds": ["pong:Qh,Qs,Qd", "joker:X"], "card": "7d",
              "check": "verdict"},
    "R-PUBLIC": {"cards": "9c 6d Jh", "back": 5},
    "R-SAFE": {"cards": "6s 6h 6c 6d 8h"},
    "R-READ": {"cards": "9h 9d 9s"},
}
