#!/usr/bin/env bash
# Distils the api_fuzzer seed corpus (Tests/Fuzz/corpus/api_fuzzer) from a fuzzing run's
# corpus: libFuzzer's -merge keeps the inputs that add coverage, smallest first; of those,
# the ones of at most MAX_BYTES bytes that cover the most features are kept, COUNT of them.
# usage (from the repository root, after `make fuzz`):
#   bash Tests/Fuzz/distill_corpus.sh [RUN_CORPUS] [COUNT] [MAX_BYTES]
set -euo pipefail
run_corpus=${1:-build/fuzz/corpus/api_fuzzer}
count=${2:-40}
max_bytes=${3:-300}
fuzzer=build/fuzz/bin/api_fuzzer
seeds=Tests/Fuzz/corpus/api_fuzzer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/small" "$work/merged"
# Only inputs short enough to be seeds take part.
find "$run_corpus" "$seeds" -type f -size -$((max_bytes + 1))c -exec cp {} "$work/small/" \;
SWIFT_BACKTRACE=enable=no "$fuzzer" -merge=1 -max_len="$max_bytes" "$work/merged" "$work/small" >/dev/null 2>&1
# -merge keeps the smallest input for each feature set it adds; keep the largest COUNT of
# those (the richer programs), named by content.
rm -rf "$seeds"
mkdir -p "$seeds"
for name in $(ls -S "$work/merged" | head -n "$count" || true); do cp "$work/merged/$name" "$seeds/$name"; done
echo "$(ls "$seeds" | wc -l) seeds in $seeds"
