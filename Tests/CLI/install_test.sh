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
for file in lib/libfrond.so.0 lib/libfrond.so lib/libfrond_cairo.so.0 lib/libfrond_cairo.so include/frond.h \
    include/frond_cairo.h bin/frond lib/pkgconfig/frond.pc lib/pkgconfig/frond-cairo.pc share/frond/swift-runtime.supp share/frond/fontconfig.supp share/frond/libsoup.supp; do
  [ -e "$ROOT/$file" ] || fail "$file was not installed"
done
[ "$(readlink "$ROOT/lib/libfrond.so")" = libfrond.so.0 ] || fail "lib/libfrond.so is not a link to libfrond.so.0"
# The installed valgrind suppression names a Swift runtime function: a stripped library must
# keep that symbol, or valgrind shows '???' and the suppression matches nothing.
for library in libfrond.so.0 libfrond_cairo.so.0; do
  nm "$ROOT/lib/$library" 2>/dev/null | grep ' swift_initStructMetadata$' >/dev/null \
    || fail "$library lost the symbol share/frond/swift-runtime.supp names (swift_initStructMetadata)"
done
for pc in frond frond-cairo; do
  grep -qx "prefix=$PREFIX" "$ROOT/lib/pkgconfig/$pc.pc" || fail "$pc.pc does not name the prefix"
  grep -q "^Version: [0-9]" "$ROOT/lib/pkgconfig/$pc.pc" || fail "$pc.pc has no version"
  grep -qx "License: MIT" "$ROOT/lib/pkgconfig/$pc.pc" || fail "$pc.pc does not state the license"
done

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
# The installed tool's default corpus is its own copy (it read the checkout's, wherever that was).
[ -e "$ROOT/share/frond/conformance/yoga" ] && [ -e "$ROOT/share/frond/conformance/known-failures.txt" ] \
  || fail "the conformance corpus was not installed"
output=$(cd "$WORK" && LD_LIBRARY_PATH="$ROOT/lib" "$ROOT/bin/frond" conformance 2>&1) \
  || fail "the installed frond conformance fails: $(tail -3 <<<"$output")"
grep -q "^544 passed, 0 failed" <<<"$output" || fail "the installed frond conformance: $(tail -1 <<<"$output")"
# (Its copy without one file: fewer cases, so it is the copy that it reads.)
rm "$ROOT/share/frond/conformance/yoga/YGAbsolutePositionTest.json"
output=$(cd "$WORK" && LD_LIBRARY_PATH="$ROOT/lib" "$ROOT/bin/frond" conformance 2>&1)
grep -q "^544 passed" <<<"$output" && fail "the installed frond conformance does not read its own corpus"

# A C program that draws, through frond-cairo's pkg-config file (which brings -lfrond too).
cat >"$WORK/draw.c" <<'C'
#include <stdio.h>
#include <frond_cairo.h>
int main(void) {
    frond_snapshot_host *host = NULL;
    frond_component *box = NULL;
    frond_view_spec view = frond_view("box", NULL, 0);
    frond_size_spec size = frond_size_points(20, 10);
    int major = -1;
    frond_cairo_version_numbers(&major, NULL, NULL);
    if (major != FROND_VERSION_MAJOR || frond_snapshot_host_new(&host, NULL) != FROND_OK) return 1;
    if (frond_component_new(&box, &view, &size, NULL) != FROND_OK) return 1;
    if (frond_snapshot_host_write_component_png(host, "box.png", box, 20, 10, 1) != FROND_OK) {
        printf("%s\n", frond_last_error_message());
        return 1;
    }
    printf("drawn\n");
    return frond_component_release(box) == FROND_OK && frond_snapshot_host_free(host) == FROND_OK ? 0 : 1;
}
C
FLAGS=$(PKG_CONFIG_PATH="$ROOT/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE" pkg-config --cflags --libs frond-cairo) \
  || fail "pkg-config does not know frond-cairo"
# shellcheck disable=SC2086
if cc -std=c99 "$WORK/draw.c" $FLAGS -o "$WORK/draw"; then
  output=$(cd "$WORK" && LD_LIBRARY_PATH="$ROOT/lib" ./draw) || fail "the installed drawing program failed: $output"
  [ "$output" = drawn ] && [ -s "$WORK/box.png" ] || fail "no picture drawn: $output"
else
  fail "a C program does not build against the installed frond_cairo.h and libraries"
fi

# The live hosts: installed when their development files are there (as here, when pkg-config
# knows their packages), each through its own pkg-config file.
if pkg-config --exists libsoup-3.0; then
  for file in lib/libfrond_web.so.0 lib/libfrond_web.so include/frond_web.h lib/pkgconfig/frond-web.pc; do
    [ -e "$ROOT/$file" ] || fail "$file was not installed (libsoup 3 is there)"
  done
  cat >"$WORK/serve.c" <<'C'
#include <stdio.h>
#include <frond_web.h>
static frond_status session(frond_root **out_root, const frond_web_session_info *info, void *user_data) {
    (void)info; (void)user_data;
    return frond_root_new(out_root, NULL);
}
int main(void) {
    frond_web_server *server = NULL;
    uint16_t port = 0;
    if (frond_web_server_new(&server, NULL, session, NULL, NULL, NULL) != FROND_OK
        || frond_web_server_get_port(&port, server) != FROND_OK || port == 0) {
        printf("%s\n", frond_last_error_message());
        return 1;
    }
    printf("listening\n");
    return frond_web_server_free(server) == FROND_OK ? 0 : 1;
}
C
  FLAGS=$(PKG_CONFIG_PATH="$ROOT/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE" pkg-config --cflags --libs frond-web) \
    || fail "pkg-config does not know frond-web"
  # shellcheck disable=SC2086
  if cc -std=c99 "$WORK/serve.c" $FLAGS -o "$WORK/serve"; then
    output=$(LD_LIBRARY_PATH="$ROOT/lib" "$WORK/serve" 2>&1) || fail "the installed web server failed: $output"
    [ "$output" = listening ] || fail "the web server: $output"
  else
    fail "a C program does not build against the installed frond_web.h and libraries"
  fi
else
  echo "install_test: the web host's installation not checked (no libsoup 3 development files)"
fi
if pkg-config --exists gtk4; then
  for file in lib/libfrond_gtk.so.0 lib/libfrond_gtk.so include/frond_gtk.h lib/pkgconfig/frond-gtk.pc; do
    [ -e "$ROOT/$file" ] || fail "$file was not installed (GTK 4 is there)"
  done
  # (Measuring text needs no display: a program that shows windows is the host test's.)
  cat >"$WORK/measure.c" <<'C'
#include <stdio.h>
#include <frond_gtk.h>
int main(void) {
    frond_text_style style = {0};
    frond_size size = {0, 0};
    style.struct_size = sizeof style;
    style.font_size = 14;
    if (frond_gtk_measure_text("Installed", &style, FROND_UNDEFINED, FROND_MEASURE_MODE_UNDEFINED, FROND_UNDEFINED,
                               FROND_MEASURE_MODE_UNDEFINED,
                               &size, NULL) != FROND_OK) {
        printf("%s\n", frond_last_error_message());
        return 1;
    }
    printf("%s\n", size.width > 0 && size.height > 0 ? "measured" : "empty");
    return 0;
}
C
  # (Not with the staging directory as the sysroot, which would move GTK's own files there
  # too: the installed pkg-config files, their prefix moved to the staging directory.)
  mkdir -p "$WORK/pkgconfig"
  for pc in frond frond-gtk; do
    sed "s|^prefix=.*|prefix=$ROOT|" "$ROOT/lib/pkgconfig/$pc.pc" >"$WORK/pkgconfig/$pc.pc"
  done
  FLAGS=$(PKG_CONFIG_PATH="$WORK/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" pkg-config --cflags --libs frond-gtk) \
    || fail "pkg-config does not know frond-gtk"
  # shellcheck disable=SC2086
  if cc -std=c11 "$WORK/measure.c" $FLAGS -o "$WORK/measure"; then
    output=$(LD_LIBRARY_PATH="$ROOT/lib" "$WORK/measure" 2>&1) || fail "the installed GTK host's measurer failed: $output"
    [ "$output" = measured ] || fail "the GTK host's measurer: $output"
  else
    fail "a C program does not build against the installed frond_gtk.h and libraries"
  fi
else
  echo "install_test: the GTK host's installation not checked (no GTK 4 development files)"
fi

# The Python package, copied away from the checkout (no library beside it, no build output
# above it) and without FROND_LIBRARY, loads the installed library from the system's paths.
mkdir -p "$WORK/python"
cp -r bindings/python/frond "$WORK/python/frond"
rm -f "$WORK/python/frond/"*.so*
output=$(cd "$WORK" && env -u FROND_LIBRARY LD_LIBRARY_PATH="$ROOT/lib" PYTHONPATH="$WORK/python" python3 -c '
import frond
from frond._library import library
library()
maps = open("/proc/self/maps").read().split()
print(sorted({word for word in maps if word.endswith("libfrond.so.0")}))
node = frond.Node(width=10, height=20)
node.calculate_layout()
print(frond.__version__, node.layout.width, node.layout.height)
' 2>&1) || fail "Python did not load the installed library: $output"
grep -qF "['$ROOT/lib/libfrond.so.0']" <<<"$output" || fail "Python loaded another library: $output"
grep -q " 10.0 20.0$" <<<"$output" || fail "Python's layout through the installed library: $output"

if pkg-config --exists libsoup-3.0; then
  # frond.web finds the installed web host beside the installed libfrond.
  output=$(cd "$WORK" && env -u FROND_LIBRARY -u FROND_WEB_LIBRARY LD_LIBRARY_PATH="$ROOT/lib" PYTHONPATH="$WORK/python" \
    python3 -c '
from frond._library import library
library().extension("web")
maps = open("/proc/self/maps").read().split()
print(sorted({word for word in maps if "libfrond_web" in word}))
' 2>&1) || fail "Python did not load the installed web host: $output"
  grep -qF "['$ROOT/lib/libfrond_web.so.0']" <<<"$output" || fail "Python loaded another web host: $output"
fi

if [ "$failures" -ne 0 ]; then
  echo "install_test: $failures failure(s)"
  exit 1
fi
echo "install_test: all checks passed"
