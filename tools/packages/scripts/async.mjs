import async from 'async';
import { parallel } from 'async';
const r = await parallel([async () => 1, async () => 2]);
console.log('parallel', r, typeof async.queue);
const q = async.queue((t, cb) => { console.log('task', t); cb(); }, 1);
q.push([1,2,3]); await q.drain(); console.log('drained');
