// Across task sources, tasks run in the order they were queued. A zero
// timeout has elapsed as soon as the timer starts, so its task is queued
// then, ahead of messages posted after it in the same task.
setTimeout(() => console.log('timeout 0'), 0);
const mc = new MessageChannel();
mc.port2.onmessage = () => console.log('message');
mc.port1.postMessage('x');
window.addEventListener('message', () => console.log('window message'));
window.postMessage('y', '*');
console.log('script');
