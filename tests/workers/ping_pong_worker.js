console.log('worker starts, name', self.name, typeof window, typeof document);
self.onmessage = (e) => {
  console.log('worker got', JSON.stringify(e.data));
  self.postMessage({ n: e.data.n, from: 'worker' });
};
