const seen = ['starts, name ' + self.name + ' ' + typeof window + ' ' + typeof document + ' ' + typeof importScripts];
self.onmessage = (e) => {
  seen.push('got ' + JSON.stringify(e.data));
  Promise.resolve().then(() => seen.push('microtask ' + e.data.n));
  if (e.data.n !== 10) setTimeout(() => self.postMessage({ n: e.data.n, seen: seen.splice(0) }), 0);
};
