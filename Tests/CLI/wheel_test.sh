#!/usr/bin/env bash
# The wheel on its own: dist/frond-*.whl installed into a fresh virtual environment outside
# the checkout runs the whole Python suite with no FROND_LIBRARY, no PYTHONPATH and no
# LD_LIBRARY_PATH, and with the Swift toolchain's directory hidden (an empty directory
# mounted over it in a mount namespace of this run's own: `unshare --mount`, as root), so a
# library that still needed the toolchain would fail to load. The suite's files (tests,
# headers, docs) are read from the checkout; the package and its libraries come from the
# environment's site-packages, which the suite checks (FROND_EXPECT_INSTALLED=1).
#   wheel_test.sh [WHEEL]   (default: the newest dist/frond-*.whl)
set -euo pipefail
cd "$(dirname "$0")/../.."
REPOSITORY=$PWD
WHEEL=${1:-$(ls -t dist/frond-*.whl 2>/dev/null | head -n 1)}
[ -n "$WHEEL" ] && [ -f "$WHEEL" ] || { echo "wheel_test: no wheel (make wheel)"; exit 1; }
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d /tmp/frond-wheel-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$REPOSITORY/$WHEEL" \
  -r "$REPOSITORY/bindings/python/requirements-dev.txt"
SITE=$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
for library in libfrond.so.0 libfrond_cairo.so.0 libfrond_web.so.0; do
  [ -f "$SITE/frond/$library" ] || { echo "wheel_test: the wheel has no frond/$library"; exit 1; }
done
# (An ini of its own: the checkout's pyproject.toml would put bindings/python on sys.path.)
printf '[pytest]\n' > "$WORK/pytest.ini"

TOOLCHAIN=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")")")
RUN=(env -u FROND_LIBRARY -u FROND_CAIRO_LIBRARY -u FROND_WEB_LIBRARY -u PYTHONPATH -u LD_LIBRARY_PATH FROND_EXPECT_INSTALLED=1
     "$WORK/venv/bin/python" -m pytest -q
     -p no:cacheprovider -c "$WORK/pytest.ini" --rootdir "$WORK" "$REPOSITORY/bindings/python/tests"
     --doctest-modules "$SITE/frond")
cd "$WORK"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && unshare --mount true 2>/dev/null; then
  mkdir -p "$WORK/empty"
  echo "wheel_test: $WHEEL in $WORK/venv, with $TOOLCHAIN hidden"
  # (Inside: the toolchain's directory must read as empty, or the run stops with status 9.)
  unshare --mount bash -c 'mount --bind "$1" "$2" && [ -z "$(ls -A "$2")" ] || exit 9; shift 2; exec "$@"' \
    _ "$WORK/empty" "$TOOLCHAIN" "${RUN[@]}"
else
  echo "wheel_test: not root (or no unshare): the toolchain stays visible; ldd checks the libraries instead"
  for library in libfrond.so.0 libfrond_cairo.so.0 libfrond_web.so.0; do
    if ldd "$SITE/frond/$library" | grep -E "not found|$TOOLCHAIN"; then echo "wheel_test: $library leans on the above"; exit 1; fi
  done
  "${RUN[@]}"
fi
