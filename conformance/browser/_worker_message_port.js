self.onmessage = (e) => {
  const port = e.ports[0];
  self.postMessage('got ' + JSON.stringify(e.data) + ' with ' + e.ports.length + ' port(s), ' + (port instanceof MessagePort));
  port.onmessage = (m) => port.postMessage({ echo: m.data });
  port.postMessage('hello from the worker');
};
