#!/usr/bin/env bash
# Installs Debian's neovim for the Neovim client test, once (nothing to do when nvim is there).
set -euo pipefail
command -v nvim >/dev/null 2>&1 && exit 0
bash "$(dirname "$0")/ensure-system-packages.sh" neovim
command -v nvim >/dev/null
