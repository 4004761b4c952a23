// A MessageChannel message event's fields, and structured cloning of its data.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
const data = { list: [1, 2], nested: { s: 'x' } };
port2.onmessage = (e) => {
  log('type ' + e.type + ' origin "' + e.origin + '" ports ' + e.ports.length);
  log('data ' + JSON.stringify(e.data) + ' same object ' + (e.data === data));
  log('target is port2 ' + (e.target === port2) + ' bubbles ' + e.bubbles + ' cancelable ' + e.cancelable);
  console.log('__done__');
};
port1.postMessage(data);
data.list.push(3);
