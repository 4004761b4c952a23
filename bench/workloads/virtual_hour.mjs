// virtual_hour: timers spread over one hour (one every second, and an
// interval every minute, cleared after the hour). Under --clock virtual it
// takes no waiting: the point is that an hour of timers runs in milliseconds.
const start = Date.now();
let fired = 0;
let ticks = 0;
for (let s = 1; s <= 3600; s++) setTimeout(() => { fired++; }, s * 1000);
const every = setInterval(() => { if (++ticks === 60) clearInterval(every); }, 60_000);
setTimeout(() => console.log(`virtual_hour fired=${fired} intervals=${ticks} elapsed=${Math.round((Date.now() - start) / 60000)}min`), 3_600_001);
