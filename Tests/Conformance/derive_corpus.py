#!/usr/bin/env python3
"""Derive variants of a conformance corpus that must lay out exactly like the original.

FORMAT.md allows corpora that spell out every CSS initial value, that rely on web
defaults, or that ask for CSS automatic minimum sizes with an empty errata list. The
repository holds only Yoga's corpus, so this script rewrites it into those shapes and
`make test` runs the results through `frond conformance`. The expected boxes are never
touched: they are the browser's layouts, true whichever way the input is written.

Variants:
  explicit      every absent style key written with the value it defaults to under the
                case's own config (minWidth/minHeight "auto", maxWidth/maxHeight "none",
                position sides "auto", ...). Must give identical results.
  web-defaults  config.useWebDefaults = true, with the keys whose web default differs
                (flexDirection, alignContent, flexShrink) written out. Identical results.
  css           the fully spelled-out CSS form: useWebDefaults = true, errata = [],
                no experimental features, every key explicit, min sizes "auto" (CSS
                automatic minimum size). Results may differ from the errata form only
                where the browser and Yoga's errata disagree.
  css-sparse    errata = [] and no experimental features, keys left as they are.

The case's `source` gains a `#variant` suffix; nothing else of the case changes.
"""

import argparse
import copy
import json
import os
import sys

YOGA_DEFAULTS = {
    "display": "flex",
    "positionType": "relative",
    "direction": "inherit",
    "flexDirection": "column",
    "flexWrap": "nowrap",
    "justifyContent": "flex-start",
    "alignItems": "stretch",
    "alignSelf": "auto",
    "alignContent": "flex-start",
    "flexGrow": 0,
    "flexShrink": 0,
    "flexBasis": "auto",
    "width": "auto",
    "height": "auto",
    "minWidth": "auto",
    "minHeight": "auto",
    "maxWidth": "none",
    "maxHeight": "none",
    "boxSizing": "border-box",
    "overflow": "visible",
}

WEB_DEFAULTS = {"flexDirection": "row", "alignContent": "stretch", "flexShrink": 1}

# Edge groups written out when a node sets none of the group's keys.
EDGE_DEFAULTS = {
    "position": "auto",
    "margin": 0,
    "padding": 0,
    "border": 0,
}
SIDES = ("left", "top", "right", "bottom")


def defaults_for(use_web_defaults):
    values = dict(YOGA_DEFAULTS)
    if use_web_defaults:
        values.update(WEB_DEFAULTS)
    return values


def spell_out(node, defaults, only=None):
    """Writes every absent key (or only the keys in `only`) into each node's style."""
    style = node.setdefault("style", {})
    for key, value in defaults.items():
        if (only is None or key in only) and key not in style:
            style[key] = value
    if only is None:
        for key, value in EDGE_DEFAULTS.items():
            if key not in style:
                style[key] = {side: value for side in SIDES}
        if "gap" not in style:
            style["gap"] = {"column": 0, "row": 0}
    for child in node.get("children", []):
        spell_out(child, defaults, only)


def derive(case, variant):
    case = copy.deepcopy(case)
    if "source" in case:
        case["source"] = case["source"] + "#" + variant
    config = case.setdefault("config", {})
    root = case.get("root")
    was_web = bool(config.get("useWebDefaults", False))
    if variant == "explicit":
        if root is not None:
            spell_out(root, defaults_for(was_web))
    elif variant == "web-defaults":
        if root is not None and not was_web:
            spell_out(root, defaults_for(False), only=set(WEB_DEFAULTS))
        config["useWebDefaults"] = True
    elif variant == "css":
        if root is not None:
            spell_out(root, defaults_for(was_web))
        config["useWebDefaults"] = True
        config["errata"] = []
        config.pop("experimentalFeatures", None)
    elif variant == "css-sparse":
        config["errata"] = []
        config.pop("experimentalFeatures", None)
    else:
        raise ValueError(f"unknown variant {variant!r}")
    return case


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", choices=["explicit", "web-defaults", "css", "css-sparse"])
    parser.add_argument("source", help="corpus folder")
    parser.add_argument("output", help="folder to write the derived corpus to (created)")
    args = parser.parse_args()

    os.makedirs(args.output, exist_ok=True)
    names = sorted(name for name in os.listdir(args.source) if name.endswith(".json"))
    if not names:
        sys.exit(f"{args.source}: no .json files")
    count = 0
    for name in names:
        with open(os.path.join(args.source, name), encoding="utf-8") as handle:
            cases = json.load(handle)
        derived = [derive(case, args.variant) for case in cases]
        count += len(derived)
        with open(os.path.join(args.output, name), "w", encoding="utf-8") as handle:
            json.dump(derived, handle, indent=1)
            handle.write("\n")
    print(f"{args.variant}: {count} cases in {len(names)} files -> {args.output}")


if __name__ == "__main__":
    main()
