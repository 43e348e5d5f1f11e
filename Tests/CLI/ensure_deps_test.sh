#!/usr/bin/env bash
# tools/ensure-deps.sh for a user who is not root, with a package missing (FROND_DEPS_EXTRA
# adds one that no archive has): it prints the exact command to run and stops with status 2,
# installing nothing. Run as root, the check runs as the user nobody.
set -uo pipefail
cd "$(dirname "$0")/../.."
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  if ! command -v setpriv >/dev/null 2>&1; then echo "ensure_deps_test: skipped (no setpriv)"; exit 0; fi
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
for target in demo test; do
  # (The script on standard input, from /: the user may not read the checkout.)
  message=$(cd / && FROND_DEPS_EXTRA=frond-no-such-package "${as_user[@]}" bash -s "$target" \
    < "$OLDPWD/tools/ensure-deps.sh" 2>&1 >/dev/null)
  status=$?
  if [ "$status" -ne 2 ] || [[ "$message" != *"make $target needs packages"*"run: sudo apt-get update && sudo apt-get install -y "*"frond-no-such-package" ]]; then
    echo "ensure_deps_test: $target: status $status, message: $message" >&2
    exit 1
  fi
done
echo "ensure_deps_test: a user who is not root is told the exact command (status 2)"
