#!/usr/bin/env bash
# Installs Debian's neovim for the Neovim client test, once (nothing to do when nvim is there).
set -euo pipefail
command -v nvim >/dev/null 2>&1 && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq neovim >/dev/null
command -v nvim >/dev/null
