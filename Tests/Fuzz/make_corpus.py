#!/usr/bin/env python3
"""Writes the json_fuzzer seed corpus (Tests/Fuzz/corpus/json_fuzzer) and its dictionary
(Tests/Fuzz/json_fuzzer.dict): small tree descriptions that reach every part of the reader
(views, attributes, texts, keys, styles, construct nodes for json_fuzzer.c's constructors)
and the edges that broke it before (NUL and lone surrogates in strings, numbers beyond
float range, wrong kinds). The api_fuzzer seeds are distilled from a fuzzing run instead
(Tests/Fuzz/distill_corpus.sh): its inputs are byte programs, not text.

Run from the repository root: python3 Tests/Fuzz/make_corpus.py
"""
import hashlib
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))

SEEDS = {
    "view": {"view": "label", "attributes": {"text": "hi", "onTap": "tapped"}, "style": {"width": 40, "height": 20}},
    "row": {"style": {"flexDirection": "row", "padding": {"all": 4}, "gap": {"column": 2}},
            "children": [{"view": "a", "style": {"flexGrow": 1}}, {"text": "b c d", "key": "t"}]},
    "root-object": {"root": {"view": "box", "attributes": {"backgroundColor": "#ff000080", "opacity": 0.5}}},
    "text-attributes": {"text": "Ada Lovelace", "attributes": {"fontSize": 16, "lineHeight": 20, "color": "#202020",
                                                                 "fontWeight": "bold", "maxLines": 2, "textAlign": "center"}},
    "keys": {"children": [{"view": "a", "key": "x"}, {"view": "a", "key": "x"}, {"view": "a"}]},
    "construct": {"children": [{"construct": "leaf", "arguments": ["label", 30]},
                               {"construct": "count", "arguments": [7], "style": {"flexGrow": 1}},
                               {"construct": "flag", "arguments": [True]}]},
    "construct-bad": {"children": [{"construct": "none", "arguments": []}, {"construct": "forged", "arguments": []}]},
    "construct-args": {"construct": "leaf", "arguments": [1, "x", True]},
    "nested": {"construct": "nested", "arguments": ["{\"view\":\"inner\",\"attributes\":{\"a\":1}}"]},
    "nested-deep": {"construct": "nested", "arguments": [
        "{\"construct\":\"nested\",\"arguments\":[\"{\\\"view\\\":\\\"x\\\"}\"]}"]},
    "styles": {"style": {"width": "50%", "height": "auto", "minWidth": 10, "maxHeight": 100, "alignItems": "center",
                         "justifyContent": "space-between", "flexWrap": "wrap", "alignContent": "stretch",
                         "direction": "rtl", "overflow": "hidden", "border": {"left": 1}},
               "children": [{"view": "c", "style": {"margin": {"horizontal": "auto"}, "positionType": "absolute",
                                                    "position": {"top": 5, "start": 3}, "aspectRatio": 2,
                                                    "alignSelf": "flex-end", "flexBasis": "20%", "flexShrink": 1}}]},
    "refused-keys": {"style": {"display": "none", "flex": 1, "boxSizing": "content-box"}},
    "huge-numbers": {"view": "w", "attributes": {"n": 1e300, "m": -1e308},
                     "style": {"width": 1e39, "height": 3.4e38, "margin": {"all": "50%"}}},
    "negative": {"view": "w", "style": {"width": -1, "padding": {"all": -2}}},
    "wrong-kinds": {"view": 3, "attributes": [1], "style": {"width": True}, "children": {}},
    "text-with-children": {"text": "t", "children": [{"view": "a"}]},
    "text-bad-attributes": {"text": "t", "attributes": {"fontWeight": 1001, "maxLines": 0.5, "textAlign": "up"}},
    "color-strings": {"view": "v", "attributes": {"a": "#fff", "b": "#ffff", "c": "#12345", "d": "#gggggg"}},
    "accessibility": {"view": "v", "attributes": {"accessibilityLabel": "l", "accessibilityTraits": 3}},
    "empty-names": {"view": "", "attributes": {"": 1}},
}

RAW = {
    "nul-view-type": '{"view":"a\\u0000b","attributes":{"t":1}}',
    "nul-attribute-names": '{"view":"a","attributes":{"x\\u0000y":1,"x\\u0000z":2}}',
    "nul-key": '{"children":[{"view":"a","key":"k\\u0000a"},{"view":"a","key":"k\\u0000b"}]}',
    "lone-surrogate": '{"text":"\\ud800","attributes":{"fontSize":12}}',
    "escapes": '{"view":"\\u00e9\\ud83d\\ude00","attributes":{"s":"\\n\\t\\"\\\\\\/\\b\\f\\r"}}',
    "duplicate-keys": '{"view":"a","view":"b","attributes":{"x":1,"x":2}}',
    "deep": '{"children":[' * 24 + '{"view":"leaf"}' + ']}' * 24,
    "trailing": '{"view":"a"} {"view":"b"}',
    "truncated": '{"view":"a","attributes":{"x":',
    "not-object": '[1,2,3]',
    "empty": '',
    "numbers": '{"view":"n","attributes":{"a":1e400,"b":-0,"c":0.000001e-320,"d":123456789012345678901234567890}}',
    "invalid-utf8": '{"view":"\xff\xfe","attributes":{"\xc0\x80":1}}',
}

DICTIONARY = [
    "view", "attributes", "text", "key", "style", "children", "root", "construct", "arguments",
    "flexDirection", "flexWrap", "justifyContent", "alignItems", "alignContent", "alignSelf", "direction",
    "overflow", "padding", "border", "gap", "margin", "position", "positionType", "flexGrow", "flexShrink",
    "flexBasis", "aspectRatio", "width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight", "display",
    "boxSizing", "flex", "measure", "fontSize", "lineHeight", "fontFamily", "fontWeight", "color", "maxLines",
    "textAlign", "onTap", "backgroundColor", "opacity", "hidden", "interactive", "accessibilityLabel",
    "row", "column", "wrap", "center", "stretch", "auto", "absolute", "rtl", "hidden", "bold", "all", "start",
    "leaf", "none", "forged", "count", "nested", "flag",
    "\\u0000", "\\ud800", "1e300", "1e39", "-1", "true", "false", "null", "50%", "#ff0000", "#12345678",
]


def write(directory, name, data):
    with open(os.path.join(directory, name), "wb") as file:
        file.write(data)


def main():
    json_dir = os.path.join(HERE, "corpus", "json_fuzzer")
    shutil.rmtree(json_dir, ignore_errors=True)
    os.makedirs(json_dir)
    for name, tree in SEEDS.items():
        write(json_dir, name + ".json", json.dumps(tree, separators=(",", ":")).encode())
    for name, text in RAW.items():
        write(json_dir, name + ".json", text.encode("latin-1") if name == "invalid-utf8" else text.encode())
    with open(os.path.join(HERE, "json_fuzzer.dict"), "w") as file:
        file.write("# libFuzzer dictionary for json_fuzzer (written by make_corpus.py)\n")
        for word in DICTIONARY:
            file.write('"%s"\n' % word.replace('\\', '\\\\').replace('"', '\\"'))


if __name__ == "__main__":
    main()
