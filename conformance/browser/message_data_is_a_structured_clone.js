// postMessage clones the data at the time of the call.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
const obj = { n: 1, list: [1, 2], when: new Date(0), map: new Map([['k', 'v']]) };
port2.onmessage = (e) => {
  const d = e.data;
  log('n ' + d.n + ' list ' + d.list.join(',') + ' copy ' + (d !== obj) + ' date ' + (d.when instanceof Date) + ' map ' + d.map.get('k'));
  console.log('__done__');
};
port1.postMessage(obj);
obj.n = 2;
obj.list.push(3);
