// A port sent in the transfer list arrives in e.ports and works there.
const log = (s) => console.log(s);
const a = new MessageChannel();
const b = new MessageChannel();
a.port2.onmessage = (e) => {
  log('got ' + e.data + ' with ' + e.ports.length + ' port(s)');
  const p = e.ports[0];
  p.onmessage = (m) => { log('transferred port got ' + m.data); console.log('__done__'); };
  b.port2.postMessage('through b');
};
a.port1.postMessage('carrier', [b.port1]);
