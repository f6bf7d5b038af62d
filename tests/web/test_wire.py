"""What clients send is read by ``pegboard.web.wire``: JSON only as deep as the server
allows, and text only as real Unicode (issue 14: deep JSON and lone surrogates)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pegboard.web import wire


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_json_nested_1500_deep_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(RecursionError):  # the fault: Python's parser runs out of stack
        json.loads(nested(100_000))
    with pytest.raises(wire.WireError) as refused:
        wire.loads(nested(1500), max_depth=16)
    assert refused.value.problem == "depth"
    with pytest.raises(wire.WireError):
        wire.loads(nested(100_000), max_depth=16)


def test_depth_counts_arrays_and_objects_but_not_brackets_in_strings() -> None:
    assert wire.depth('{"a": [1, {"b": []}]}') == 4
    assert wire.depth('{"a": "[[[[[[[[[[", "b": "\\"{{{{"}') == 1
    assert wire.loads(nested(16), max_depth=16) == json.loads(nested(16))
    with pytest.raises(wire.WireError):
        wire.loads(nested(17), max_depth=16)


def test_a_lone_surrogate_is_not_unicode() -> None:
    assert json.loads('"\\ud800"') == "\ud800"  # the fault: Python takes it
    for text in ('"\\ud800"', '{"name": "\\udfff"}', '{"\\ud800": 1}', '["a", ["\\ud83d"]]'):
        with pytest.raises(wire.WireError) as refused:
            wire.loads(text, max_depth=16)
        assert refused.value.problem == "unicode"
    # A surrogate pair is a real character (an emoji), and is kept.
    assert wire.loads('"\\ud83d\\ude00"', max_depth=16) == "\U0001f600"


def test_bytes_that_are_not_utf8_or_not_json_are_refused() -> None:
    with pytest.raises(wire.WireError) as refused:
        wire.loads(b"\xff\xfe{}", max_depth=16)
    assert refused.value.problem == "unicode"
    for text in ("", "{", "nope", '{"a": 1,}', "1" * 5000):
        with pytest.raises(wire.WireError) as refused:
            wire.loads(text, max_depth=16)
        assert refused.value.problem == "json"


@given(st.recursive(st.none() | st.integers() | st.text(), lambda inner: st.lists(inner)))
def test_any_shallow_json_of_real_text_reads_as_python_would(value: object) -> None:
    text = json.dumps(value)
    if wire.depth(text) <= 16:
        assert wire.loads(text, max_depth=16) == json.loads(text)
    else:
        with pytest.raises(wire.WireError):
            wire.loads(text, max_depth=16)
