"""Playing cards drawn as SVG by the project's own code: suit pips, red suits red, the joker
distinct, face-down backs; rows for hands, groups for melds. Pure functions, no Streamlit."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from html import escape

from trainer.engine import Card, Meld
from trainer.engine.cards import rank_name

RED = "#c0392b"
BLACK = "#1f2430"
JOKER_COLOUR = "#6c3fb5"
CARD_W, CARD_H = 60, 86
INDEX_SIZE = 30
"""The rank's font size in the card's 60-unit width: large, to be read on a phone's table."""
INDEX_PIP = 22
"""The index's suit under the rank, in the same units: ♠ told from ♣ and ♥ from ♦ in the strip
an overlapped set leaves at a phone's 28 px (at 17, 3♠ reads as 3♣)."""

_PIP_PATHS = {
    # 24×24 pip shapes centred at (12, 12)
    "h": "M12 21 C5 15 2 11.5 2 8 C2 5 4.5 3 7 3 C9 3 11 4.3 12 6.3 C13 4.3 15 3 17 3 "
         "C19.5 3 22 5 22 8 C22 11.5 19 15 12 21 Z",
    "d": "M12 2 L20.5 12 L12 22 L3.5 12 Z",
    "s": "M12 2 C15 6.5 21.5 9.5 21.5 14 C21.5 17 19 19 16.5 19 C14.8 19 13.6 18.2 12.8 17 "
         "L14 22 L10 22 L11.2 17 C10.4 18.2 9.2 19 7.5 19 C5 19 2.5 17 2.5 14 "
         "C2.5 9.5 9 6.5 12 2 Z",
    "c": "M12 2.5 A4.6 4.6 0 0 1 16.2 9.3 A4.6 4.6 0 1 1 14 16.8 L15.2 22 L8.8 22 "
         "L10 16.8 A4.6 4.6 0 1 1 7.8 9.3 A4.6 4.6 0 0 1 12 2.5 Z",
}


def _pip(suit: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 24
    return (f'<path d="{_PIP_PATHS[suit]}" fill="{colour}" '
            f'transform="translate({x - 12 * scale:.2f} {y - 12 * scale:.2f}) '
            f'scale({scale:.3f})"/>')


def card_svg(card: Card | None, *, width: int = CARD_W, selected: bool = False,
             dimmed: bool = False, label: str | None = None, frame: str | None = None) -> str:
    """One card as an SVG element; ``None`` draws a face-down back. ``frame`` colours the
    border (e.g. by deal-in risk)."""
    height = round(width * CARD_H / CARD_W)
    title = "🂠" if card is None else card.symbol
    border = frame or ("#e0a800" if selected else "#9aa0a6")
    stroke = 3.5 if selected or frame else 1.2
    body: list[str] = []
    if card is None:
        body.append(f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="4" '
                    'fill="#2d5da8"/>')
        body.append(f'<rect x="9" y="9" width="{CARD_W - 18}" height="{CARD_H - 18}" rx="3" '
                    'fill="none" stroke="#9fc1f0" stroke-width="1.2" stroke-dasharray="3 2"/>')
    elif card.is_joker:
        # 鬼 as the index, where a suited card has its rank: the strip an overlapped set leaves
        body.append(f'<text x="4" y="27" font-size="24" font-weight="700" '
                    f'fill="{JOKER_COLOUR}">鬼</text>')
        body.append(f'<text x="37" y="64" text-anchor="middle" font-size="34" '
                    f'fill="{JOKER_COLOUR}">★</text>')
        body.append(f'<text x="{CARD_W / 2}" y="{CARD_H - 8}" text-anchor="middle" '
                    f'font-size="11" font-weight="700" letter-spacing="1" '
                    f'fill="{JOKER_COLOUR}">JOKER</text>')
    else:
        assert card.suit is not None and card.rank is not None
        colour = RED if card.is_red else BLACK
        rank = rank_name(card.rank)
        # a large index (rank over suit) in the top corner, read at a glance even at the
        # 22 px of a phone's table and in the strip an overlapped set leaves; one big pip
        ten = rank == "10"  # two figures: a size smaller, drawn closer
        size = INDEX_SIZE - 5 if ten else INDEX_SIZE
        body.append(f'<text x="{3 if ten else 5}" y="28" font-size="{size}" '
                    f'font-weight="700" font-family="Georgia, serif" fill="{colour}" '
                    f'letter-spacing="{-3 if ten else 0}">{rank}</text>')
        body.append(_pip(card.suit.value, 13, 44, INDEX_PIP, colour))
        body.append(_pip(card.suit.value, 39, 63, 28, colour))
    opacity = ' opacity="0.45"' if dimmed else ""
    caption = ""
    extra_h = 0
    if label:
        extra_h = 24
        caption = (f'<text x="{CARD_W / 2}" y="{CARD_H + 20}" text-anchor="middle" '
                   f'font-size="{18 if width < 45 else 13}" font-weight="600" '
                   f'fill="#5f6368">{escape(label)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(title)}" '
            f'width="{width}" height="{height + round(extra_h * width / CARD_W)}" '
            f'viewBox="0 0 {CARD_W} {CARD_H + extra_h}"{opacity}>'
            f'<title>{escape(title)}</title>'
            f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="#fffdf8" '
            f'stroke="{border}" stroke-width="{stroke}"/>'
            + "".join(body) + caption + "</svg>")


def card_img(card: Card | None, *, width: int = CARD_W, selected: bool = False,
             label: str | None = None, frame: str | None = None) -> str:
    """A card as an ``<img>`` of its SVG (a data URI, so no HTML sanitizer can strip it); the
    alt text is the card in notation with Unicode suits."""
    svg = card_svg(card, width=width, selected=selected, label=label, frame=frame)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = "🂠" if card is None else card.symbol
    return (f'<img class="d14-card" src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}" '
            f'title="{escape(alt)}" width="{width}">')


def cards_row(cards: Sequence[Card | None], *, width: int = CARD_W,
              selected: Iterable[int] = (), labels: Sequence[str] | None = None,
              frames: Sequence[str | None] | None = None) -> str:
    """A wrapping row of cards (a hand, a pile); ``frames`` colours each card's border."""
    chosen = set(selected)
    items = "".join(
        card_img(card, width=width, selected=i in chosen,
                 label=None if labels is None else labels[i],
                 frame=None if frames is None else frames[i])
        for i, card in enumerate(cards))
    return f'<div class="d14-row">{items}</div>'


def meld_group(meld: Meld, caption: str, *, width: int = 46) -> str:
    """One laid-down meld: its cards overlapped slightly, with a caption (扯, 杠, 吃, 鬼)."""
    cards = "".join(f'<span class="d14-meld-card">{card_img(card, width=width)}</span>'
                    for card in meld.cards)
    return (f'<div class="d14-meld"><div class="d14-meld-cards">{cards}</div>'
            f'<div class="d14-meld-caption">{escape(caption)}</div></div>')


STYLE = """
<style>
.d14-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin:4px 0 10px 0}
img.d14-card{display:block;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.18))}
.d14-melds{display:flex;flex-wrap:wrap;gap:14px;margin:2px 0 10px 0}
.d14-meld{display:flex;flex-direction:column;align-items:center;padding:6px 8px 4px 8px;
  border-radius:10px;background:#eef3ea;border:1px solid #d5e2cc}
.d14-meld-cards{display:flex}
.d14-meld-card{margin-right:-14px}
.d14-meld-card:last-child{margin-right:0}
.d14-meld-card img{display:block;filter:drop-shadow(0 1px 1px rgba(0,0,0,.15))}
.d14-meld-caption{font-size:12px;color:#4d5b45;margin-top:3px}
.d14-label{font-size:13px;color:#5f6368;margin:6px 0 2px 0}
.d14-stars{font-size:22px;color:#e0a800;letter-spacing:2px}
.d14-groups{display:flex;flex-wrap:wrap;gap:10px;margin:4px 0 10px 0}
.d14-group{background:#eef3ea;border:1px solid #d5e2cc;border-radius:10px;padding:4px 6px}
.d14-group .d14-row{flex-wrap:nowrap;margin:0}
.d14-stars .off{color:#d0d4da}
</style>
"""
