const inner = new Worker('_worker_nested_inner.js');
inner.onmessage = (e) => self.postMessage('outer relays: ' + e.data);
self.onmessage = (e) => inner.postMessage(e.data);
