#!/usr/bin/env bash
# The frond tool's exit statuses and messages on bad input and on conformance failures.
#   exit_status_test.sh PATH/TO/frond
set -uo pipefail
FROND=${1:?usage: exit_status_test.sh PATH/TO/frond}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0

expect() { # expect STATUS PATTERN COMMAND...
  local status=$1 pattern=$2
  shift 2
  local output
  output=$("$@" 2>&1)
  local actual=$?
  if [ "$actual" -ne "$status" ] || ! grep -qF -- "$pattern" <<<"$output"; then
    echo "FAIL: $* exited $actual (expected $status) with output:"
    echo "$output" | head -5
    echo "  (expected to contain: $pattern)"
    failures=$((failures + 1))
  fi
}

printf '{"style": {"width": 100,}}' > "$WORK/trailing-comma.json"
printf '{"style": {"width": -5}}' > "$WORK/negative.json"
printf '{"style": {"wdth": 5}}' > "$WORK/unknown-key.json"
expect 2 "trailing-comma.json:1:25: malformed JSON" "$FROND" layout "$WORK/trailing-comma.json"
expect 2 "root.style.width: -5 is negative" "$FROND" bench-layout "$WORK/negative.json"
expect 2 "root.style.wdth: unknown style key" "$FROND" layout "$WORK/unknown-key.json"
expect 2 "cannot read the file" "$FROND" bench-layout "$WORK/missing.json"
printf '{"text": "hi", "attributes": {"fontSize": -3}}' > "$WORK/bad-font-size.json"
expect 2 "root.attributes.fontSize: -3.0 is not a finite number > 0" "$FROND" mount "$WORK/bad-font-size.json" --width 100
expect 2 "no such file or directory" "$FROND" conformance "$WORK/missing"

# A corpus with one passing and one failing case.
mkdir -p "$WORK/corpus"
cat > "$WORK/corpus/Mini.json" <<'JSON'
[{"name": "passes", "config": {}, "root": {"style": {"width": 10, "height": 20}},
  "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
               "expected": {"left": 0, "top": 0, "width": 10, "height": 20, "children": []}}]},
 {"name": "fails", "config": {}, "root": {"style": {"width": 10, "height": 20}},
  "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
               "expected": {"left": 0, "top": 0, "width": 10, "height": 25, "children": []}}]}]
JSON
: > "$WORK/none-known.txt"
printf 'Mini.json:fails  the expected height is deliberately wrong\n' > "$WORK/known.txt"
expect 1 "1 passed, 1 failed, 0 skipped" "$FROND" conformance "$WORK/corpus" --known-failures "$WORK/none-known.txt"
expect 1 "ltr root.height: expected 25.0, got 20.0" "$FROND" conformance "$WORK/corpus" --known-failures "$WORK/none-known.txt"
expect 0 "1 passed, 1 failed, 0 skipped" "$FROND" conformance "$WORK/corpus" --known-failures "$WORK/known.txt"
expect 2 "cannot read the known-failures file" "$FROND" conformance "$WORK/corpus" --known-failures "$WORK/missing.txt"

expect 64 "--max-mismatches must be 0 or more" "$FROND" conformance "$WORK/corpus" --max-mismatches=-1

# --tolerance-raw: a 1 px difference is forgiven only where Chromium's unrounded edge lies
# within 2/64 px of a rounding boundary (a box 20.5 high rounds to 21: Frond's 20 is
# tolerated; one 20.75 high rounds to 21 too, but 20 is a real difference there).
mkdir -p "$WORK/chrome"
cat > "$WORK/chrome/Round.json" <<'JSON'
[{"name": "edge", "config": {}, "root": {"style": {"width": 10, "height": 20}},
  "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
               "expected": {"left": 0, "top": 0, "width": 10, "height": 21, "children": []}}]},
 {"name": "far", "config": {}, "root": {"style": {"width": 10, "height": 20}},
  "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
               "expected": {"left": 0, "top": 0, "width": 10, "height": 21, "children": []}}]}]
JSON
cat > "$WORK/chrome-raw.jsonl" <<'JSONL'
{"name": "edge", "raw": [[0, 0, 10, 20.5, 0, 0, []]]}
{"name": "far", "raw": [[0, 0, 10, 20.75, 0, 0, []]]}
JSONL
expect 1 "0 passed, 1 tolerated, 1 failed" "$FROND" conformance "$WORK/chrome" --known-failures "$WORK/none-known.txt" \
  --tolerance-raw "$WORK/chrome-raw.jsonl"
expect 1 "strict: 0 of 2 (0.0%); tolerant: 1 of 2 (50.0%)" "$FROND" conformance "$WORK/chrome" \
  --known-failures "$WORK/none-known.txt" --tolerance-raw "$WORK/chrome-raw.jsonl"
printf 'Round.json:far  20.75 is not at a rounding boundary\n' > "$WORK/far-known.txt"
expect 0 "TOLERATED Round.json: edge" "$FROND" conformance "$WORK/chrome" --known-failures "$WORK/far-known.txt" \
  --tolerance-raw "$WORK/chrome-raw.jsonl"
printf '{"name": "edge", "raw": 5}\n' > "$WORK/bad-raw.jsonl"
expect 2 "expected {\"name\": …, \"raw\": [ltr, rtl]}" "$FROND" conformance "$WORK/chrome" \
  --tolerance-raw "$WORK/bad-raw.jsonl"

# Malformed cases fail (even disabled ones); an empty corpus folder is an error.
cat > "$WORK/corpus/Broken.json" <<'JSON'
[{"name": "no-layouts", "root": {}},
 {"name": "disabled-bad-style", "disabled": true, "root": {"style": {"width": "wide"}},
  "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
               "expected": {"left": 0, "top": 0, "width": 0, "height": 0}}]},
 {"name": "odd-key", "extra": 1, "root": {}, "layouts": []}]
JSON
expect 1 "Broken.json: case \"no-layouts\": a case that is not skipped needs a root" "$FROND" conformance "$WORK/corpus/Broken.json" --known-failures "$WORK/none-known.txt"
expect 1 "root.style.width: \"wide\" is not a valid value here" "$FROND" conformance "$WORK/corpus/Broken.json" --known-failures "$WORK/none-known.txt"
expect 1 "odd-key\".extra: unknown case key" "$FROND" conformance "$WORK/corpus/Broken.json" --known-failures "$WORK/none-known.txt"
mkdir -p "$WORK/empty"
expect 2 "no .json files in the folder" "$FROND" conformance "$WORK/empty"

# bench-tree: bad options are refused; one small operation runs and reports its counts.
expect 64 "--iterations must be between 1 and 1000" "$FROND" bench-tree --iterations 0
expect 64 "unknown operation sort_rows" "$FROND" bench-tree --ops sort_rows
expect 0 "op=create_1k rows=1000 components=6001" "$FROND" bench-tree --iterations 1 --ops create_1k
expect 0 "created=5001 destroyed=0" "$FROND" bench-tree --iterations 1 --ops create_1k

# Percentages are decimal numbers; tree files hold only known keys and sizes >= 0.
printf '{"style": {"width": "0x10%%"}}' > "$WORK/hex-percent.json"
printf '{"root": {}, "availableWidth": -1}' > "$WORK/negative-available.json"
printf '{"root": {}, "availableWdth": 5}' > "$WORK/wrapper-typo.json"
expect 2 "root.style.width: \"0x10%\" is not a valid value here" "$FROND" layout "$WORK/hex-percent.json"
expect 2 "availableWidth: -1.0 is not a finite number" "$FROND" layout "$WORK/negative-available.json"
expect 2 "availableWdth: unknown key" "$FROND" layout "$WORK/wrapper-typo.json"

# Many escapes in one string parse in linear time (this took minutes when it was quadratic).
python3 - "$WORK/escapes.json" <<'PY'
import sys
open(sys.argv[1], "w").write('{"measure": {"function": "IntrinsicSizeMeasure", "text": "' + "\\t" * 400000 + '"}}')
PY
expect 0 "(0, 0, 4000000" timeout 20 "$FROND" layout "$WORK/escapes.json"

# mount: a component tree from JSON, printed as components and views.
EXAMPLES=$(cd "$(dirname "$0")/../../examples/trees" && pwd)
expect 0 "components:" "$FROND" mount "$EXAMPLES/card.json" --width 240
expect 0 "views:" "$FROND" mount "$EXAMPLES/card.json" --width 240
expect 0 'Component["like"](button) (156, 0, 60×28) #7' "$FROND" mount "$EXAMPLES/card.json" --width 240
expect 0 'v5 button (168, 116, 60×28) enabled=true title="Like"' "$FROND" mount "$EXAMPLES/card.json" --width 240
expect 0 'tint=#33669980' "$FROND" mount "$EXAMPLES/card.json" --width 240
expect 0 'Flexbox["card"](card) (0, 0, 240×300) #1' "$FROND" mount "$EXAMPLES/card.json" --width 240 --height 300
# The components get the frames `frond layout` gives the same tree.
expect 0 "Component (104, 72, 96×64) #11 viewless" "$FROND" mount "$EXAMPLES/screen.json" --width 320
expect 0 "    (104, 72, 96×64)" "$FROND" layout "$EXAMPLES/screen.json" --width 320
printf '{"view": "box", "attributes": {"on": null}}' > "$WORK/null-attribute.json"
printf '{"text": "Hi", "attributes": {"color": "#12"}}' > "$WORK/bad-color.json"
printf '{"style": {"flexGrow": 1}}' > "$WORK/root-item.json"
printf '{"children": [{"key": "a"}, {"key": "a"}]}' > "$WORK/same-keys.json"
expect 2 "missing.json: cannot read the file" "$FROND" mount "$WORK/missing.json" --width 10
expect 2 "trailing-comma.json:1:25: malformed JSON" "$FROND" mount "$WORK/trailing-comma.json" --width 10
expect 2 "root.style.width: -5 is negative" "$FROND" mount "$WORK/negative.json" --width 10
expect 2 "root.attributes.on: expected a number, a string or a boolean, not null" "$FROND" mount "$WORK/null-attribute.json" --width 10
expect 2 'root.attributes.color: "#12" is not a color' "$FROND" mount "$WORK/bad-color.json" --width 10
expect 2 "root.style.flexGrow: applies only to a child of a flexbox" "$FROND" mount "$WORK/root-item.json" --width 10
expect 2 'Component["a"] and Component["a"] are siblings under Flexbox' "$FROND" mount "$WORK/same-keys.json" --width 10
expect 64 "--width must be a finite number" "$FROND" mount "$EXAMPLES/card.json" --width nan
expect 64 "Missing expected argument '--width <width>'" "$FROND" mount "$EXAMPLES/card.json"

# frond render: a PNG at 1× and 2×, and bad input (exit 2 with the place; a missing font
# falls back with a warning).
expect 0 "wrote $WORK/profile.png (260×156 pixels)" "$FROND" render "$EXAMPLES/profile.json" --width 260 --png "$WORK/profile.png"
expect 0 "(520×312 pixels)" "$FROND" render "$EXAMPLES/profile.json" --width 260 --png "$WORK/profile2.png" --scale 2
expect 0 "(240×100 pixels)" "$FROND" render "$EXAMPLES/card.json" --width 240 --height 100 --png "$WORK/card.png"
printf '{"view": "box", "attributes": {"backgroundColor": "#zz0000"}, "style": {"height": 10}}' > "$WORK/bad-color-string.json"
printf '{"view": "image", "attributes": {"source": "nowhere.png"}, "style": {"height": 10}}' > "$WORK/no-image.json"
printf '{"text": "Hi", "attributes": {"fontFamily": "Frond Missing Family"}}' > "$WORK/no-font.json"
expect 2 'view v1 (box): attribute "backgroundColor": "#zz0000" is not a color' "$FROND" render "$WORK/bad-color-string.json" --width 10 --png "$WORK/x.png"
expect 2 "nowhere.png\": no such file" "$FROND" render "$WORK/no-image.json" --width 10 --png "$WORK/x.png"
expect 2 "width 0 is not above 0" "$FROND" render "$EXAMPLES/card.json" --width 0 --png "$WORK/x.png"
expect 2 "above the limit of 16384 pixels per side" "$FROND" render "$EXAMPLES/card.json" --width 20000 --png "$WORK/x.png"
expect 2 "above the limit of 16384 pixels per side" "$FROND" render "$EXAMPLES/card.json" --width 240 --scale 100 --png "$WORK/x.png"
expect 2 "scale 0 is not a finite number > 0" "$FROND" render "$EXAMPLES/card.json" --width 240 --scale 0 --png "$WORK/x.png"
expect 2 "the PNG file cannot be written" "$FROND" render "$EXAMPLES/card.json" --width 240 --png "$WORK/no/such/dir/x.png"
expect 2 "missing.json: cannot read the file" "$FROND" render "$WORK/missing.json" --width 10 --png "$WORK/x.png"
expect 0 'warning: font family "Frond Missing Family" is not installed: text is set in "DejaVu Sans" instead' "$FROND" render "$WORK/no-font.json" --width 40 --png "$WORK/font.png"
expect 64 "Missing expected argument '--png <png>'" "$FROND" render "$EXAMPLES/card.json" --width 10
if [ -e "$WORK/x.png" ]; then echo "FAIL: a failed render wrote $WORK/x.png"; failures=$((failures + 1)); fi

if [ "$failures" -ne 0 ]; then
  echo "exit_status_test: $failures failure(s)"
  exit 1
fi
echo "exit_status_test: all checks passed"
