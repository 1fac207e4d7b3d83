#!/usr/bin/env bash
# Installs Debian packages the tests need (those not installed yet), one system install at a time:
# every test and script that needs a package comes here, and a lock file serializes them, so two
# tests never race for dpkg's lock. Usage: ensure-system-packages.sh PACKAGE...
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-system-packages: install these Debian packages first: ${missing[*]}" >&2
  exit 1
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
lock="${TMPDIR:-/tmp}/openapi-30-tools-apt.lock"
(
  # Our own installs queue here; apt itself waits for a lock another program holds.
  flock -w 1800 9
  echo "installing Debian packages: ${missing[*]} (first run only, about a minute)..." >&2
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
) 9>"$lock"
