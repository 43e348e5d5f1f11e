#!/usr/bin/env bash
# `make install` into a staging directory: the files land where they should, a C program
# builds against the installed header and library through pkg-config, and the Python
# package, away from the checkout and without FROND_LIBRARY, finds the installed library.
#   install_test.sh CONFIG    (the build configuration to install: debug or release)
set -uo pipefail
CONFIG=${1:?usage: install_test.sh CONFIG}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
STAGE="$WORK/stage"
PREFIX=/opt/frond-test
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if ! make --no-print-directory -s install DESTDIR="$STAGE" PREFIX="$PREFIX" INSTALL_CONFIG="$CONFIG" \
    >"$WORK/install.log" 2>&1; then
  cat "$WORK/install.log"
  echo "install_test: make install failed"
  exit 1
fi
ROOT="$STAGE$PREFIX"
for file in lib/libfrond.so include/frond.h bin/frond lib/pkgconfig/frond.pc; do
  [ -f "$ROOT/$file" ] || fail "$file was not installed"
done
grep -qx "prefix=$PREFIX" "$ROOT/lib/pkgconfig/frond.pc" || fail "frond.pc does not name the prefix"
grep -q "^Version: [0-9]" "$ROOT/lib/pkgconfig/frond.pc" || fail "frond.pc has no version"

# A C program built only from what was installed (pkg-config with the staging directory as
# the sysroot, as a packager would).
cat >"$WORK/hello.c" <<'C'
#include <stdio.h>
#include <frond.h>
int main(void) {
    frond_node *node = NULL;
    if (frond_node_new(&node, NULL) != FROND_OK) return 1;
    printf("frond %s\n", frond_version());
    return frond_node_free(node) == FROND_OK ? 0 : 1;
}
C
FLAGS=$(PKG_CONFIG_PATH="$ROOT/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE" pkg-config --cflags --libs frond) \
  || fail "pkg-config does not know frond"
# (Plain C only: the header's own compilers' checks are elsewhere.)
# shellcheck disable=SC2086
if cc -std=c99 "$WORK/hello.c" $FLAGS -o "$WORK/hello"; then
  output=$(LD_LIBRARY_PATH="$ROOT/lib" "$WORK/hello") || fail "the installed program failed: $output"
  grep -q "^frond [0-9]" <<<"$output" || fail "unexpected output: $output"
else
  fail "a C program does not build against the installed header and library"
fi
output=$(LD_LIBRARY_PATH="$ROOT/lib" "$ROOT/bin/frond" --help 2>&1) || fail "the installed frond tool does not run"

# The Python package, copied away from the checkout (no library beside it, no build output
# above it) and without FROND_LIBRARY, loads the installed library from the system's paths.
mkdir -p "$WORK/python"
cp -r bindings/python/frond "$WORK/python/frond"
rm -f "$WORK/python/frond/libfrond.so"
output=$(cd "$WORK" && env -u FROND_LIBRARY LD_LIBRARY_PATH="$ROOT/lib" PYTHONPATH="$WORK/python" python3 -c '
import frond
from frond._library import library
library()
maps = open("/proc/self/maps").read().split()
print(sorted({word for word in maps if word.endswith("libfrond.so")}))
node = frond.Node(width=10, height=20)
node.calculate_layout()
print(frond.__version__, node.layout.width, node.layout.height)
' 2>&1) || fail "Python did not load the installed library: $output"
grep -qF "['$ROOT/lib/libfrond.so']" <<<"$output" || fail "Python loaded another library: $output"
grep -q " 10.0 20.0$" <<<"$output" || fail "Python's layout through the installed library: $output"

if [ "$failures" -ne 0 ]; then
  echo "install_test: $failures failure(s)"
  exit 1
fi
echo "install_test: all checks passed"
