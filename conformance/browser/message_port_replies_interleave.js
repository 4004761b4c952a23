// Two channels ping-pong; each reply is a new task after the pending ones.
const log = (s) => console.log(s);
const a = new MessageChannel();
const b = new MessageChannel();
let count = 0;
a.port2.onmessage = (e) => { log('A got ' + e.data); if (e.data < 3) b.port1.postMessage(e.data + 1); };
b.port2.onmessage = (e) => { log('B got ' + e.data); if (e.data < 3) a.port1.postMessage(e.data + 1); else console.log('__done__'); };
a.port1.postMessage(0);
b.port1.postMessage(100);
