// Recorded with: node tests/node/child_process_spawn_sync_results_and_exec_sync_errors.js
// spawnSync() runs the child to its end: its result has status, signal,
// output, stdout and stderr (an `error` when it could not run or was cut
// short); execSync() and execFileSync() return stdout or throw an error
// carrying that result.
const { spawnSync, execSync, execFileSync } = require('child_process');

const r = spawnSync('sh', ['-c', 'cat; echo err >&2; exit 2'], { input: 'given input' });
console.log(Object.keys(r), r.status, r.signal, r.output[0], String(r.stdout), String(r.stderr));
const enc = spawnSync('echo', ['text'], { encoding: 'utf8' });
console.log(JSON.stringify(enc.stdout), JSON.stringify(enc.output));
const missing = spawnSync('jsloop-no-such-command', ['x']);
console.log(Object.keys(missing), missing.status, missing.signal, missing.output, missing.stdout);
console.log(missing.error.message, missing.error.code, missing.error.errno, missing.error.syscall, missing.error.path, missing.error.spawnargs);
const slow = spawnSync('sleep', ['10'], { timeout: 50 });
console.log('timeout:', slow.error.message, slow.error.code, slow.status, slow.signal);
const big = spawnSync('sh', ['-c', 'echo 0123456789'], { maxBuffer: 4 });
console.log('maxBuffer:', big.error.message, big.error.code, JSON.stringify(String(big.stdout)));
console.log('execSync:', JSON.stringify(execSync('echo from execSync', { encoding: 'utf8' })));
try {
  execSync('echo some; echo bad >&2; exit 5', { stdio: 'pipe' });
} catch (e) {
  console.log('execSync throws:', JSON.stringify(e.message), e.status, e.signal, String(e.stdout), String(e.stderr));
}
console.log('execFileSync:', String(execFileSync('echo', ['x', 'y'])));
try {
  execFileSync('jsloop-no-such-command');
} catch (e) {
  console.log('execFileSync throws:', e.message, e.code, e.status);
}
