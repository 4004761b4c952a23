// fs_small_files: read N small files with fs.readFile (callback API, at most
// 64 reads in flight). The files are made by the runner before the timed run
// (BENCH_FS_DIR); run alone, this script makes them itself and removes them.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
const N = Math.round(10_000 * (globalThis.BENCH_SCALE ?? 1));
const content = (i) => `small file number ${i}\n`.repeat(1 + (i % 8));
let dir = process.env.BENCH_FS_DIR;
const own = !dir;
if (own) {
  dir = path.join(process.env.TMPDIR || '/tmp', `jsloop-bench-fs-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < N; i++) fs.writeFileSync(path.join(dir, `f${i}.txt`), content(i));
}
let next = 0, done = 0, bytes = 0, bad = 0;
function readOne() {
  const i = next++;
  fs.readFile(path.join(dir, `f${i}.txt`), 'utf8', (err, text) => {
    if (err) throw err;
    bytes += text.length;
    if (text !== content(i)) bad++;
    if (++done === N) {
      if (own) fs.rmSync(dir, { recursive: true, force: true });
      console.log(`fs_small_files ${done} bytes=${bytes} bad=${bad}`);
    } else if (next < N) readOne();
  });
}
for (let k = 0; k < 64 && next < N; k++) readOne();
