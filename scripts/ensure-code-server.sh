#!/usr/bin/env bash
# Installs what the end-to-end tests need, once: Debian's chromium (driven by playwright-core) and
# code-server 4.100.3 (real VS Code 1.100.3, the last release for Node 20) in .tools/code-server.
# --no-browser: code-server only (npm start: the user brings the browser).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools"
# chromium drives the workbench; ripgrep stands in for @vscode/ripgrep's download; code-server's
# kerberos module builds against libkrb5-dev.
packages=(ripgrep libkrb5-dev)
[ "${1:-}" = "--no-browser" ] || packages+=(chromium)
bash "$root/scripts/ensure-system-packages.sh" "${packages[@]}"

if [ ! -x "$tools/code-server/node_modules/.bin/code-server" ]; then
  mkdir -p "$tools/code-server" "$tools/tmp"
  # @vscode/ripgrep downloads rg from GitHub in its postinstall; give it Debian's from its cache.
  cache="$tools/tmp/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$cache"
  if [ ! -f "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" ]; then
    cp "$(command -v rg)" "$cache/rg"
    tar -C "$cache" -czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" rg
    rm "$cache/rg"
  fi
  cd "$tools/code-server"
  [ -f package.json ] || echo '{"name":"code-server-for-tests","private":true}' > package.json
  # node-pty's postinstall runs `npx node-gyp`: answer yes; scripts run as root: --unsafe-perm.
  echo "installing code-server 4.100.3 into .tools/ (first run only, about a minute)..." >&2
  TMPDIR="$tools/tmp" npm_config_yes=true npm install --no-audit --no-fund --unsafe-perm code-server@4.100.3 >/dev/null
fi
"$tools/code-server/node_modules/.bin/code-server" --version >/dev/null
