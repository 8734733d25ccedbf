#!/bin/sh
# Install Debian packages the tests need (chromium, postgresql, …) with apt-get, as root or
# through password-less sudo. Where that is impossible, stop with one line saying what to
# install — never a half-run.
set -u
missing="$*"
say_install() {
  echo "make: the tests need Debian's $missing ($1). Install it, e.g. 'sudo apt-get install $missing', then run make test again." >&2
  exit 1
}
command -v apt-get >/dev/null 2>&1 || say_install "no apt-get here: not a Debian-like system"
if [ "$(id -u)" = 0 ]; then
  SUDO=
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  say_install "not root, and no password-less sudo"
fi
$SUDO apt-get update -qq >/dev/null || say_install "apt-get update failed"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null || say_install "apt-get install failed"
