let connections = 0;
onconnect = (e) => {
  connections++;
  const mine = connections;
  const port = e.ports[0];
  const info = [e.type, e.source === port, e.ports.length, self.constructor.name, JSON.stringify(name), typeof postMessage, typeof onmessage].join(' ');
  port.onmessage = (m) => port.postMessage(`${info} connection ${mine} got ${m.data}`);
};
