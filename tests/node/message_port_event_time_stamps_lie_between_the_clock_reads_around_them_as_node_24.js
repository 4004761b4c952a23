// node tests/node/message_port_event_time_stamps_lie_between_the_clock_reads_around_them_as_node_24.js > tests/node/message_port_event_time_stamps_lie_between_the_clock_reads_around_them_as_node_24.out (recorded with Node 24)
// A MessagePort's MessageEvent is made when it is delivered: its timeStamp
// is no earlier than any performance.now() script read before (in the
// handler of the message before it, on either port) and no later than one
// read as its handler begins; the same for events made for an
// addEventListener listener. The node host may stamp the first message a
// poll phase delivers with the loop's own last reading of the clock, taken
// when no script has run since (node/port_fire.rs, UvLoop::callback_stamp).
function ping(name, trips, listen, done) {
  const { port1, port2 } = new MessageChannel();
  let last = performance.now();
  let bad = 0;
  let n = 0;
  let ordered = 0;
  const check = (e) => {
    const now = performance.now();
    if (e.timeStamp >= last && e.timeStamp <= now) ordered++;
    else bad++;
  };
  const answer = (e) => {
    check(e);
    last = performance.now();
    port2.postMessage(e.data + 1);
  };
  const back = (e) => {
    check(e);
    if (++n < trips) {
      last = performance.now();
      port1.postMessage(n);
    } else {
      console.log(`${name}: ${n} trips, ${ordered} events in order, ${bad} out of order`);
      port1.close();
      port2.close();
      done();
    }
  };
  if (listen) {
    port2.addEventListener('message', answer);
    port1.addEventListener('message', back);
    port1.start();
    port2.start();
  } else {
    port2.onmessage = answer;
    port1.onmessage = back;
  }
  port1.postMessage(0);
}
ping('onmessage', 3000, false, () => {
  ping('addEventListener', 1000, true, () => {
    // Timers and immediates between the messages: the loop reads the
    // clock for its timers too.
    let t = 0;
    const { port1, port2 } = new MessageChannel();
    let last = performance.now();
    let bad = 0;
    port2.onmessage = (e) => {
      const now = performance.now();
      if (!(e.timeStamp >= last && e.timeStamp <= now)) bad++;
      last = performance.now();
      if (e.data % 3 === 0) setTimeout(() => { last = performance.now(); port1.postMessage(e.data + 1); }, 0);
      else if (e.data % 3 === 1) setImmediate(() => { last = performance.now(); port1.postMessage(e.data + 1); });
      else port1.postMessage(e.data + 1);
    };
    port1.onmessage = (e) => {
      const now = performance.now();
      if (!(e.timeStamp >= last && e.timeStamp <= now)) bad++;
      if (++t < 300) { last = performance.now(); port2.postMessage(e.data + 1); }
      else { console.log(`with timers and immediates: ${t} trips, ${bad} out of order`); port1.close(); port2.close(); }
    };
    port2.postMessage(0);
  });
});
