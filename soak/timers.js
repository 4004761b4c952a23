// Soak: 10,000,000 setTimeout/clearTimeout cycles (browser host).
// Run: soak/rss.py timers -- jsloop run soak/timers.js --host browser --clock virtual
//
// A ring of 1,000 pending timers (1 s and more) is kept: each cycle clears
// the oldest and starts a new one, so the map of ids and the map of active
// timers always hold 1,000 entries while 10,000,000 ids go through them.
// Cycles run in batches of 1,000 per task; each batch queues the next with
// setTimeout(0) (which fires, and is clamped to 4 ms after five levels: the
// virtual clock jumps over those waits). A few of the ring's timers are
// left to fire, to check that cleared ones never do.
const TOTAL = Number((typeof process !== 'undefined' && process.env && process.env.SOAK_CYCLES) || 10_000_000);
const RING = 1000;
const BATCH = 1000;
const ring = new Array(RING).fill(0);
let cycles = 0;
let fired = 0;
let wrongFired = 0;
const cleared = new Set();
function onTimeout(id) {
  fired++;
  if (cleared.has(id)) wrongFired++;
}
function batch() {
  for (let k = 0; k < BATCH && cycles < TOTAL; k++, cycles++) {
    const slot = cycles % RING;
    if (ring[slot]) clearTimeout(ring[slot]);
    // The handler learns its own id through the closure's holder.
    const holder = {};
    holder.id = setTimeout(() => onTimeout(holder.id), 1000 + (cycles % 7));
    ring[slot] = holder.id;
  }
  if (cycles % 1_000_000 === 0) console.error(`PROGRESS ${cycles} loop-time=${performance.now()}ms`);
  if (cycles < TOTAL) setTimeout(batch, 0);
  else {
    // Let the last ring fire; every id that fired must be one not cleared.
    setTimeout(() => {
      console.log(`DONE cycles=${cycles} fired=${fired} wrong=${wrongFired} last-id=${ring[(cycles - 1) % RING]}`);
    }, 5000);
  }
}
console.error('START');
setTimeout(batch, 0);
