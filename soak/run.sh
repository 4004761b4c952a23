#!/usr/bin/env bash
# Runs the three soak tests with RSS sampled every 100 ms (soak/rss.py) and
# prints each one's summary. Results go to soak/results/. Takes about two
# minutes on a 2-core machine. Uses target/release/jsloop unless JSLOOP is set.
#   bash soak/run.sh            # all three
#   bash soak/run.sh tcp        # one of: timers messages tcp
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
jsloop="${JSLOOP:-$root/target/release/jsloop}"
if [[ ! -x "$jsloop" ]]; then
  (cd "$root" && cargo build --release)
fi
which=("${@:-timers messages tcp}")
status=0
for name in ${which[@]}; do
  case "$name" in
    timers)   cmd=("$jsloop" run "$here/timers.js" --host browser --clock virtual) ;;
    messages) cmd=("$jsloop" run "$here/messages.js" --host browser --clock virtual) ;;
    # Real clock: sockets are real. Only 127.0.0.1 is used.
    tcp)      cmd=("$jsloop" run "$here/tcp.js" --host node --clock real --timeout 600000) ;;
    *) echo "unknown soak test: $name (timers, messages or tcp)" >&2; exit 2 ;;
  esac
  echo "== $name: ${cmd[*]}"
  python3 "$here/rss.py" "$name" -- "${cmd[@]}" | grep -v '^\[.*PROGRESS\|^\[.*ROUND [0-9]* opened' || status=1
done
exit $status
