// message_ping: N round trips over one MessageChannel: port1 posts i, port2
// answers i + 1, port1 posts the next. Each message is one task (browser:
// posted message task source). A classic script: no imports, no process.
(function () {
  const N = Math.round(200_000 * (globalThis.BENCH_SCALE ?? 1));
  const { port1, port2 } = new MessageChannel();
  let trips = 0;
  let sum = 0;
  port2.onmessage = (e) => port2.postMessage(e.data + 1);
  port1.onmessage = (e) => {
    sum += e.data;
    if (++trips < N) port1.postMessage(trips);
    else {
      console.log(`message_ping ${trips} ${sum}`);
      port1.close();
      port2.close();
    }
  };
  port1.postMessage(0);
})();
