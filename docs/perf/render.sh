#!/usr/bin/env bash
# Draws docs/perf/NAME.png from NAME.collapsed.txt with speedscope (npm) in headless Chromium: the collapsed stacks
# sorted by name, so the "Time Order" view is a flame graph (icicle: roots on top), widths are sample counts.
# The collapsed text opens interactively too: `npx speedscope docs/perf/NAME.collapsed.txt`.
# Needs node/npm and chromium. Usage: docs/perf/render.sh NAME [HEIGHT]
set -euo pipefail
NAME=${1:?usage: render.sh NAME [HEIGHT]}
HEIGHT=${2:-1800}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/walletpay-render.XXXXXX)
npm install --silent --prefix "$WORK/npm" speedscope@1.25.0 > /dev/null
cp -r "$WORK/npm/node_modules/speedscope/dist/release/." "$WORK/site/" 2>/dev/null \
  || { mkdir -p "$WORK/site" && cp -r "$WORK/npm/node_modules/speedscope/dist/release/." "$WORK/site/"; }
cp "$HERE/$NAME.collapsed.txt" "$WORK/site/profile.txt"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$WORK/site" && exec python3 -m http.server "$PORT" --bind 127.0.0.1 > /dev/null 2>&1) &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.1; done
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=2400,"$HEIGHT" \
  --virtual-time-budget=15000 --screenshot="$HERE/$NAME.png" \
  "http://127.0.0.1:$PORT/index.html#profileURL=http://127.0.0.1:$PORT/profile.txt&title=walletpay%20$NAME" \
  > "$WORK/chromium.log" 2>&1
echo "$HERE/$NAME.png"
