#!/usr/bin/env bash
# Installs, or names, the Debian packages `make demo` or `make test` needs, before anything
# is compiled.
#   ensure-deps.sh demo|test|hosts|demo-web|demo-gtk
# Prints nothing when every package is there and `swift` is on the PATH. Otherwise:
# - root with apt-get: one line naming the packages, then `apt-get update` and an install
#   (exit status: apt-get's, when it fails);
# - not root: the exact command to run, on stderr, and exit status 2;
# - a system without dpkg: a one-line note naming the packages, and exit status 0, so other
#   distributions can still try with their own names for them.
# A missing `swift` is reported the same way (exit status 2): no package provides it.
#
# FROND_SKIP_DEPS=1 skips every check (a machine that provides the libraries another way).
# FROND_DEPS_EXTRA="pkg ..." adds packages to the list: a hook for testing this script.
# SWIFT names the compiler to look for (the Makefile passes its own).
set -uo pipefail

[ "${FROND_SKIP_DEPS:-}" = 1 ] && exit 0

# Why each package: make and gcc build the C demos and tests (libc6-dev: gcc only recommends
# it, and apt-get here installs no recommendations); pkg-config finds the next three for
# SwiftPM (Package.swift's system library modules); the DejaVu fonts are the ones snapshots
# and the feed demo's PNGs are drawn with; python3 runs examples/python/todo.py.
DEMO_PACKAGES="make gcc libc6-dev pkg-config libffi-dev libcairo2-dev libpango1.0-dev fonts-dejavu-core python3"
# g++ compiles the C++ header test; binutils' nm reads the library's exports
# (Tests/CAPI/check_exports.py); python3-venv makes build/venv for pytest and mypy. The
# fuzzers' clang and lld come with the Swift toolchain.
TEST_PACKAGES="$DEMO_PACKAGES g++ binutils python3-venv libsoup-3.0-dev"
# The live hosts (make demo-web, make test-hosts): libsoup 3 for libfrond_web's HTTP and
# WebSockets; a real browser (Debian's chromium, run headless by the tests); an X server
# without a screen (xvfb; xauth for xvfb-run), X events and window dumps for the hosts' tests (xdotool,
# x11-apps' xwd), Tk for Debian's python3 (python3-tk), and GTK 4 for the GTK host.
HOSTS_PACKAGES="$DEMO_PACKAGES libsoup-3.0-dev chromium xvfb xauth xdotool x11-apps python3-tk libgtk-4-dev"

case "${1:-}" in
  demo) wanted="$DEMO_PACKAGES" ;;
  test) wanted="$TEST_PACKAGES" ;;
  hosts) wanted="$HOSTS_PACKAGES" ;;
  demo-web) wanted="$DEMO_PACKAGES libsoup-3.0-dev" ;;
  demo-gtk) wanted="$DEMO_PACKAGES libgtk-4-dev xvfb xauth" ;;
  *) echo "usage: ensure-deps.sh demo|test|hosts|demo-web|demo-gtk" >&2; exit 2 ;;
esac
wanted="$wanted ${FROND_DEPS_EXTRA:-}"

status=0
swift=${SWIFT:-swift}
if ! command -v "$swift" >/dev/null 2>&1; then
  echo "ensure-deps: '$swift' is not on the PATH: install a Swift 6 toolchain for Linux" \
    "(https://www.swift.org/install/linux/) and add its usr/bin to the PATH" >&2
  status=2
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "ensure-deps: not a Debian system; make $1 needs the equivalents of:" $wanted >&2
  exit "$status"
fi

missing=()
for package in $wanted; do
  # "install ok installed" (or "hold ok installed"); a package with only its configuration
  # files left, or half installed, counts as missing.
  case "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" in
    *"ok installed"*) ;;
    *) missing+=("$package") ;;
  esac
done
[ "${#missing[@]}" -eq 0 ] && exit "$status"

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-deps: make $1 needs packages that are not installed; run:" \
    "sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 2
fi

echo "ensure-deps: installing ${missing[*]}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
# A failed update (one unreachable mirror) need not stop the install: the lists may still
# name the packages, and the install's status decides.
apt-get update -qq >"$log" 2>&1 || cat "$log" >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$log" 2>&1
apt_status=$?
if [ "$apt_status" -ne 0 ]; then
  cat "$log" >&2
  echo "ensure-deps: apt-get install ${missing[*]} failed (exit status $apt_status)" >&2
  exit "$apt_status"
fi
exit "$status"
