const seen = [];
self.onmessage = (e) => seen.push('worker must not get ' + e.data);
setTimeout(() => seen.push('worker timer must not fire'), 0);
self.postMessage('before close');
self.close();
seen.push('the rest of the task runs');
Promise.resolve().then(() => { seen.push('microtasks still run'); self.postMessage('after close: ' + seen.join(', ')); });
