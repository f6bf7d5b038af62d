"""B1-B5: every structured description in the seed pages, reproduced exactly by describe().

The expected strings are copied verbatim from the site's rules pages on Draw (in Hindi,
Chinese and Portuguese: docs/rules.md, "Sources"); English follows the same pattern with
the words of B5.
"""

from __future__ import annotations

import pytest

from pegboard.draw import End, Line, Tile


def _line(*plays: tuple[str, str | None]) -> Line:
    line = Line()
    for tile, end in plays:
        line.play(Tile.parse(tile), None if end is None else End.parse(end))
    return line


# Each diagram of the seeds, as the plays that build it.
DIAGRAMS: dict[str, list[tuple[str, str | None]]] = {
    "1-4": [("1-4", None)],
    "1-1": [("1-4", None), ("1-1", "1-4L")],
    "6-6": [("3-6", None), ("6-6", "3-6H")],
    "0-0": [("0-0", None)],
    "4-4": [("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H")],
    "3-4": [("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H"), ("3-4", "4-4B")],
    "2-2": [("2-2", None)],
}

SEEDS: dict[str, dict[str, str]] = {
    "hi": {
        "1-4": "गोटियाँ: [1|4]. जोड़: कोई नहीं. वैध विस्तार के जोड़-स्थान: [1|4] (अधिक बिंदु-मूल्य वाला सिरा, 4); [1|4] (कम बिंदु-मूल्य वाला सिरा, 1).",
        "1-1": "गोटियाँ: [1|4], [1|1]. जोड़: [1|4] (कम बिंदु-मूल्य वाला सिरा) – [1|1] (शृंखला A). वैध विस्तार के जोड़-स्थान: [1|1] (शृंखला B, 1); [1|4] (अधिक बिंदु-मूल्य वाला सिरा, 4).",
        "6-6": "गोटियाँ: [3|6], [6|6]. जोड़: [3|6] (अधिक बिंदु-मूल्य वाला सिरा) – [6|6] (शृंखला A). वैध विस्तार के जोड़-स्थान: [3|6] (कम बिंदु-मूल्य वाला सिरा, 3); [6|6] (शृंखला B, 6).",
        "0-0": "गोटियाँ: [0|0]. जोड़: कोई नहीं. वैध विस्तार के जोड़-स्थान: [0|0] (शृंखला A, 0); [0|0] (शृंखला B, 0).",
        "4-4": "गोटियाँ: [1|4], [1|1], [4|4]. जोड़: [1|4] (कम बिंदु-मूल्य वाला सिरा) – [1|1] (शृंखला A); [1|4] (अधिक बिंदु-मूल्य वाला सिरा) – [4|4] (शृंखला A). वैध विस्तार के जोड़-स्थान: [1|1] (शृंखला B, 1); [4|4] (शृंखला B, 4).",
        "3-4": "गोटियाँ: [1|4], [1|1], [4|4], [3|4]. जोड़: [1|4] (कम बिंदु-मूल्य वाला सिरा) – [1|1] (शृंखला A); [1|4] (अधिक बिंदु-मूल्य वाला सिरा) – [4|4] (शृंखला A); [4|4] (शृंखला B) – [3|4] (अधिक बिंदु-मूल्य वाला सिरा). वैध विस्तार के जोड़-स्थान: [1|1] (शृंखला B, 1); [3|4] (कम बिंदु-मूल्य वाला सिरा, 3).",
        "2-2": "गोटियाँ: [2|2]. जोड़: कोई नहीं. वैध विस्तार के जोड़-स्थान: [2|2] (शृंखला A, 2); [2|2] (शृंखला B, 2).",
    },
    "zh": {
        "1-4": "骨牌: [1|4]. 连接: 无. 合法续接位置: [1|4] (高端, 4); [1|4] (低端, 1).",
        "1-1": "骨牌: [1|4], [1|1]. 连接: [1|4] (低端) – [1|1] (直线 A). 合法续接位置: [1|1] (直线 B, 1); [1|4] (高端, 4).",
        "6-6": "骨牌: [3|6], [6|6]. 连接: [3|6] (高端) – [6|6] (直线 A). 合法续接位置: [3|6] (低端, 3); [6|6] (直线 B, 6).",
        "0-0": "骨牌: [0|0]. 连接: 无. 合法续接位置: [0|0] (直线 A, 0); [0|0] (直线 B, 0).",
        "4-4": "骨牌: [1|4], [1|1], [4|4]. 连接: [1|4] (低端) – [1|1] (直线 A); [1|4] (高端) – [4|4] (直线 A). 合法续接位置: [1|1] (直线 B, 1); [4|4] (直线 B, 4).",
        "3-4": "骨牌: [1|4], [1|1], [4|4], [3|4]. 连接: [1|4] (低端) – [1|1] (直线 A); [1|4] (高端) – [4|4] (直线 A); [4|4] (直线 B) – [3|4] (高端). 合法续接位置: [1|1] (直线 B, 1); [3|4] (低端, 3).",
        "2-2": "骨牌: [2|2]. 连接: 无. 合法续接位置: [2|2] (直线 A, 2); [2|2] (直线 B, 2).",
    },
    "pt": {
        "1-4": "Peças: [1|4]. Conexões: nenhum. Pontos de encaixe legais para continuação: [1|4] (extremidade de maior valor, 4); [1|4] (extremidade de menor valor, 1).",
        "1-1": "Peças: [1|4], [1|1]. Conexões: [1|4] (extremidade de menor valor) – [1|1] (linha A). Pontos de encaixe legais para continuação: [1|1] (linha B, 1); [1|4] (extremidade de maior valor, 4).",
        "6-6": "Peças: [3|6], [6|6]. Conexões: [3|6] (extremidade de maior valor) – [6|6] (linha A). Pontos de encaixe legais para continuação: [3|6] (extremidade de menor valor, 3); [6|6] (linha B, 6).",
        "0-0": "Peças: [0|0]. Conexões: nenhum. Pontos de encaixe legais para continuação: [0|0] (linha A, 0); [0|0] (linha B, 0).",
        "4-4": "Peças: [1|4], [1|1], [4|4]. Conexões: [1|4] (extremidade de menor valor) – [1|1] (linha A); [1|4] (extremidade de maior valor) – [4|4] (linha A). Pontos de encaixe legais para continuação: [1|1] (linha B, 1); [4|4] (linha B, 4).",
        "3-4": "Peças: [1|4], [1|1], [4|4], [3|4]. Conexões: [1|4] (extremidade de menor valor) – [1|1] (linha A); [1|4] (extremidade de maior valor) – [4|4] (linha A); [4|4] (linha B) – [3|4] (extremidade de maior valor). Pontos de encaixe legais para continuação: [1|1] (linha B, 1); [3|4] (extremidade de menor valor, 3).",
        "2-2": "Peças: [2|2]. Conexões: nenhum. Pontos de encaixe legais para continuação: [2|2] (linha A, 2); [2|2] (linha B, 2).",
    },
    "en": {
        "1-4": "Tiles: [1|4]. Connections: none. Legal continuation points: [1|4] (high end, 4); [1|4] (low end, 1).",
        "1-1": "Tiles: [1|4], [1|1]. Connections: [1|4] (low end) – [1|1] (line A). Legal continuation points: [1|1] (line B, 1); [1|4] (high end, 4).",
        "6-6": "Tiles: [3|6], [6|6]. Connections: [3|6] (high end) – [6|6] (line A). Legal continuation points: [3|6] (low end, 3); [6|6] (line B, 6).",
        "0-0": "Tiles: [0|0]. Connections: none. Legal continuation points: [0|0] (line A, 0); [0|0] (line B, 0).",
        "4-4": "Tiles: [1|4], [1|1], [4|4]. Connections: [1|4] (low end) – [1|1] (line A); [1|4] (high end) – [4|4] (line A). Legal continuation points: [1|1] (line B, 1); [4|4] (line B, 4).",
        "3-4": "Tiles: [1|4], [1|1], [4|4], [3|4]. Connections: [1|4] (low end) – [1|1] (line A); [1|4] (high end) – [4|4] (line A); [4|4] (line B) – [3|4] (high end). Legal continuation points: [1|1] (line B, 1); [3|4] (low end, 3).",
        "2-2": "Tiles: [2|2]. Connections: none. Legal continuation points: [2|2] (line A, 2); [2|2] (line B, 2).",
    },
}

CASES = [(lang, diagram) for lang in SEEDS for diagram in DIAGRAMS]


@pytest.mark.parametrize(("lang", "diagram"), CASES)
def test_b1_to_b5_seed_description(lang: str, diagram: str) -> None:
    assert _line(*DIAGRAMS[diagram]).describe(lang) == SEEDS[lang][diagram]


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("hi", "रखी गई [3|4]"),
        ("zh", "已出牌 [3|4]"),
        ("pt", "Peça colocada [3|4]"),
        ("en", "Placed tile [3|4]"),
    ],
)
def test_b_title_names_the_last_placed_tile(lang: str, title: str) -> None:
    assert _line(*DIAGRAMS["3-4"]).title(lang) == title


def test_b5_language_aliases() -> None:
    line = _line(*DIAGRAMS["1-4"])
    assert line.describe("pt_BR") == SEEDS["pt"]["1-4"]
    assert line.describe("zh_Hans") == SEEDS["zh"]["1-4"]
    with pytest.raises(ValueError, match="fr"):
        line.describe("fr")
