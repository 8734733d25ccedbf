"""The glossary: every Chinese game term the trainer uses, with its pinyin, its rule id and a
picture. The words (the English name, the explanation) are catalog texts (``glossary.<id>``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    chinese: str
    pinyin: str
    rule: str
    cards: str = ""
    melds: tuple[str, ...] = ()


TERMS: tuple[Term, ...] = (
    Term("gui", "鬼", "guǐ", "R-DECK", cards="X X"),
    Term("hongdian", "红点", "hóngdiǎn", "R-RED", cards="10h 3d Qd 5s"),
    Term("chi", "吃", "chī", "R-CHI", melds=("chi:5h,9s",)),
    Term("che", "扯 / 碰", "chē / pèng", "R-PONG", melds=("pong:Qh,Qs,Qd",)),
    Term("gang", "杠", "gàng", "R-KONG", melds=("kong:8s,8h,8c,8d",)),
    Term("baqi", "巴起", "báqǐ", "R-KONG", melds=("kong:6s,6h,6c,6d",)),
    Term("toupai", "投牌", "tóupái", "R-TOU", melds=("joker:X", "pong:9s,9h,9c")),
    Term("fanpai", "翻牌", "fānpái", "R-FLIP", cards="6c"),
    Term("hu", "糊", "hú", "R-WIN", cards="7h Kd Ac 5h 9c 7d", melds=("chi:8h,6s",)),
    Term("xiajiao", "下叫", "xiàjiào", "R-WAIT", cards="8h 5h 9c",
         melds=("chi:10c,4d", "chi:Ah,Kc")),
    Term("dianpao", "点炮", "diǎnpào", "R-PAY", cards="7d"),
    Term("xianggong", "相公", "xiànggong", "R-PARITY"),
    Term("fan", "番", "fān", "R-FAN", melds=("pong:Qh,Qs,Qd", "kong:5s,5c,5d,5h", "joker:X")),
    Term("gentoufan", "跟头翻", "gēntoufān", "R-SCORE"),
    Term("tizifan", "梯字翻", "tīzìfān", "R-SCORE"),
    Term("tianzou", "天走", "tiānzǒu", "R-SPECIAL", cards="As Ks 2c Qh 3s Jh 4c 10d"),
    Term("jiedi", "接地", "jiēdì", "R-SPECIAL"),
    Term("quanhong", "全红", "quánhóng", "R-SPECIAL", cards="Ah Kd 7h 7d"),
    Term("quanhei", "全黑", "quánhēi", "R-SPECIAL", cards="7s Ks Ac 7c"),
    Term("shoujia", "首家", "shǒujiā", "R-DEALER"),
    Term("shangjia", "上家", "shàngjiā", "R-SEAT"),
    Term("xiajia", "下家", "xiàjiā", "R-SEAT"),
    Term("duijia", "对家", "duìjiā", "R-SEAT"),
    Term("laili", "来历分明", "láilì fēnmíng", "R-PUBLIC"),
    Term("liuju", "流局", "liújú", "R-STOCK-EMPTY"),
    Term("liunazhang", "留哪张", "liú nǎ zhāng", "R-DISCARD", cards="Ah Kd 6c 9s"),
    Term("fangguo", "放过未糊", "fàngguò wèi hú", "R-READ", cards="9h 9d"),
    Term("dujiao", "读下叫", "dú xiàjiào", "R-READ"),
    Term("fangshou", "防守", "fángshǒu", "R-SAFE"),
)


def folded(text: str) -> str:
    """``text`` for a search: lower case, tone marks and accents dropped (xiàjiào → xiajiao),
    hyphens read as spaces and runs of spaces as one (deal-in, deal in).

    >>> folded("Xiàjiào 下叫")
    'xiajiao 下叫'
    >>> folded("Deal-in") == folded(" deal  in")
    True
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                    if not unicodedata.combining(c))
    return " ".join(re.sub(r"[-‐‑–—_]", " ", plain).split())


def find_terms(query: str, words: Callable[[Term], str]) -> list[Term]:
    """The terms whose Chinese, pinyin (with or without tones), id or words in the learner's
    language (``words``: the name and the explanation) contain ``query``; every term for an
    empty query. The terms whose Chinese or pinyin matches come first.

    >>> [term.id for term in find_terms("pao", lambda term: "")]
    ['dianpao']
    >>> [term.id for term in find_terms("扯", lambda term: "")]
    ['che']
    """
    wanted = folded(query.strip())
    if not wanted:
        return list(TERMS)
    named = [t for t in TERMS
             if wanted in folded(f"{t.chinese} {t.pinyin} {t.pinyin.replace(' ', '')} {t.id}")]
    said = [t for t in TERMS if t not in named and wanted in folded(words(t))]
    return named + said
