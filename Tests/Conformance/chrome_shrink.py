#!/usr/bin/env python3
"""Shrink the cases where Frond and Chromium disagree, with Chromium as the oracle.

  chrome_shrink.py CORPUS_DIR [--limit N] [--case NAME ...] [--out FILE] [--frond PATH]

CORPUS_DIR is a corpus with Chromium's layouts and its chrome-raw.jsonl (chrome_corpus.py's output).
The cases Frond fails there (strictly: a difference that --tolerance-raw forgives is not a
failure) are shrunk together, a round at a time: every case proposes every one-step reduction
(keep one layout pass only, drop a subtree, put a child in its parent's place; once none of
those keeps failing: also drop a style key, drop an available size, make a number round), Chromium lays out all the proposals of the round
in one oracle run, Frond runs them, and each case moves to its smallest proposal that Frond still
fails. A case stops when no proposal fails any more. The shrunk cases are written to --out as one
corpus file with Chromium's layouts (the oracle's output, as it came) and printed one per line.

Needs chromium and ../shared/conformance/chrome/chrome_oracle.py (found next to the checkout).
"""
import argparse, copy, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "..", "shared", "conformance", "chrome"))
import chrome_oracle  # noqa: E402


def nodes(root, path=()):
    yield path, root
    for i, c in enumerate(root.get("children", [])):
        yield from nodes(c, path + (i,))


def at(root, path):
    for i in path:
        root = root["children"][i]
    return root


def size(case):
    n = sum(1 + len(node.get("style", {})) for _, node in nodes(case["root"]))
    return n * 4 + len(case["layouts"]) * 8 + sum(
        (l.get("availableWidth") is not None) + (l.get("availableHeight") is not None)
        for l in case["layouts"])


def rounder(v):
    """A rounder number than v, or None."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        m = re.fullmatch(r"(-?[0-9.]+)%", v) if isinstance(v, str) else None
        if not m:
            return None
        r = rounder(float(m.group(1)))
        return None if r is None else f"{r:g}%"
    for step in (100, 50, 10):
        r = round(v / step) * step
        if r != v and (r != 0 or abs(v) < step):
            return r
    return None if v == round(v) else round(v)


def proposals(case, coarse=False):
    """One-step reductions of a case; `coarse`: only whole layouts and subtrees."""
    out = []
    if len(case["layouts"]) > 1:
        for k in range(len(case["layouts"])):
            c = copy.deepcopy(case)
            c["layouts"] = [c["layouts"][k]]
            out.append(c)
    for path, node in nodes(case["root"]):
        if not path:
            continue
        c = copy.deepcopy(case)
        del at(c["root"], path[:-1])["children"][path[-1]]
        out.append(c)
        for k in range(len(node.get("children", []))):
            c = copy.deepcopy(case)
            at(c["root"], path[:-1])["children"][path[-1]] = copy.deepcopy(node["children"][k])
            out.append(c)
    if coarse:
        return out
    for k, l in enumerate(case["layouts"]):
        for key in ("availableWidth", "availableHeight"):
            if l.get(key) is not None:
                c = copy.deepcopy(case)
                c["layouts"][k][key] = None
                out.append(c)
                r = rounder(l[key])
                if r is not None and r > 0:
                    c = copy.deepcopy(case)
                    c["layouts"][k][key] = r
                    out.append(c)
    for path, node in nodes(case["root"]):
        for key, value in node.get("style", {}).items():
            c = copy.deepcopy(case)
            del at(c["root"], path)["style"][key]
            out.append(c)
            subs = value.items() if isinstance(value, dict) else [(None, value)]
            for edge, v in subs:
                r = rounder(v)
                if r is None:
                    continue
                c = copy.deepcopy(case)
                style = at(c["root"], path)["style"]
                if edge is None:
                    style[key] = r
                else:
                    style[key][edge] = r
                out.append(c)
    return out


def frond_failures(frond, corpus_dir):
    p = subprocess.run([frond, "conformance", corpus_dir, "--tolerance-raw",
                        os.path.join(corpus_dir, "chrome-raw.jsonl")],
                       capture_output=True, text=True)
    return set(re.findall(r"^FAIL [^:]+: (\S+)", p.stdout + p.stderr, re.M))


def oracle(cases):
    """Chromium's layouts for cases (in place); returns the raw lines for chrome-raw.jsonl."""
    res = chrome_oracle.run_oracle(cases, "yoga", log=open(os.devnull, "w"))
    raw_lines, kept = [], []
    for i, c in enumerate(cases):
        reasons, raws = res[i]
        if raws is None:
            continue
        psf = c["config"].get("pointScaleFactor", 1)
        for l, raw in zip(c["layouts"], raws):
            l["expected"] = chrome_oracle.to_box(raw, c["root"], psf)
        raw_lines.append(json.dumps({"file": "shrink.json", "name": c["name"], "raw": raws}))
        kept.append(c)
    return kept, raw_lines


def run_round(frond, cases, passing=None):
    """Oracle + Frond on cases; returns (the cases with Chromium's layouts, names Frond fails)."""
    with tempfile.TemporaryDirectory(prefix="chrome-shrink-") as d:
        kept, raw_lines = oracle(cases)
        with open(os.path.join(d, "shrink.json"), "w") as f:
            json.dump(kept, f)
        with open(os.path.join(d, "chrome-raw.jsonl"), "w") as f:
            f.write("\n".join(raw_lines) + "\n")
        fails = frond_failures(frond, d)
        if passing:
            fails -= frond_failures(passing, d)
        return {c["name"]: c for c in kept}, fails


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--limit", type=int, default=40, help="failing cases shrunk (the first N)")
    ap.add_argument("--case", action="append", default=[], help="shrink only these cases")
    ap.add_argument("--out", default="build/debug/chrome-shrunk.json")
    ap.add_argument("--frond", default=os.path.join(REPO, ".build", "debug", "frond"))
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--passing", help="another frond that must pass the shrunk case (to shrink a regression)")
    a = ap.parse_args()

    failing = a.case or sorted(frond_failures(a.frond, a.corpus))
    cases = {}
    for f in sorted(glob.glob(os.path.join(a.corpus, "*.json"))):
        for c in json.load(open(f)):
            if c["name"] in failing and not c.get("skipped"):
                cases[c["name"]] = c
    names = sorted(cases)[:a.limit]
    current = {n: cases[n] for n in names}
    print(f"shrinking {len(current)} of {len(failing)} failing cases", file=sys.stderr)
    active = set(current)
    fine = set()  # cases whose coarse reductions are used up
    for rnd in range(a.rounds):
        batch, owner = [], {}
        for n in sorted(active):
            props = proposals(current[n], coarse=n not in fine)
            if not props and n not in fine:
                fine.add(n)
                props = proposals(current[n])
            for k, p in enumerate(sorted(props, key=size)):
                p["name"] = f"{n}~{rnd}~{k}"
                owner[p["name"]] = n
                batch.append(p)
        if not batch:
            break
        laid, fails = run_round(a.frond, batch, a.passing)
        moved = set()
        for name in sorted(fails, key=lambda s: (owner.get(s, ""), size(laid[s]) if s in laid else 0)):
            n = owner.get(name)
            if n is None or n in moved:
                continue
            current[n] = laid[name]
            moved.add(n)
        # A case that no coarse reduction kept failing tries the fine ones next.
        stalled = {n for n in active if n not in moved and n not in fine}
        fine |= stalled
        active = moved | stalled
        print(f"round {rnd + 1}: {len(batch)} proposals, {len(active)} cases still shrinking", file=sys.stderr)
        if not active:
            break
    out = []
    for n in names:
        c = current[n]
        c["name"] = n + "~shrunk"
        out.append(c)
        print(f"{n}: {json.dumps(c['root'], separators=(',', ':'))} "
              f"{[(l['direction'], l.get('availableWidth'), l.get('availableHeight')) for l in c['layouts']]}")
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
