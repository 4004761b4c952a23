const first = new BroadcastChannel('chat');
const second = new BroadcastChannel('chat');
first.onmessage = (e) => {
  console.log('worker first got', JSON.stringify(e.data));
  if (e.data === 'last') return;
  // To the page and to the other channel of this worker.
  first.postMessage('from first');
};
second.onmessage = (e) => {
  console.log('worker second got', JSON.stringify(e.data), e.origin === self.origin);
  if (e.data === 'from first') {
    second.close();
    first.postMessage('second channel closed');
  }
};
postMessage('ready');
