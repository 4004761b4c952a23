// window.postMessage queues a task on the posted message task source.
window.addEventListener('message', (e) => {
  console.log('message: ' + JSON.stringify(e.data) + ', source is window: ' + (e.source === window));
});
window.postMessage({ hello: 'world' }, '*');
Promise.resolve().then(() => console.log('microtask first'));
console.log('script');
