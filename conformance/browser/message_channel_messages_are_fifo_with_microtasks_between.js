// Messages on one port arrive in order, each in its own task, with a
// microtask checkpoint after each.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
let n = 0;
port2.onmessage = (e) => {
  log('message ' + e.data);
  Promise.resolve().then(() => log('promise after ' + e.data));
  if (++n === 3) console.log('__done__');
};
port1.postMessage('a');
port1.postMessage('b');
port1.postMessage('c');
Promise.resolve().then(() => log('script promise'));
log('script');
