// The floor of bench/workloads/message_ping.js (bench/bare/src/floor.rs):
// per message, one native call that queues the data, one event object made
// when it is delivered, one call of the receiving handler from native code.
(function () {
  const N = Math.round(200_000 * (globalThis.BENCH_SCALE ?? 1));
  let trips = 0;
  let sum = 0;
  const port2 = (e) => __floor.post(port1, e.data + 1);
  const port1 = (e) => {
    sum += e.data;
    if (++trips < N) __floor.post(port2, trips);
    else console.log(`message_ping ${trips} ${sum}`);
  };
  __floor.post(port2, 0);
})();
