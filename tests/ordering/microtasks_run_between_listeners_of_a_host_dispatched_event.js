// "Clean up after running script": the host calls each listener of a
// message event with an empty JavaScript stack, so the microtask checkpoint
// runs after each listener, not after the whole event.
const mc = new MessageChannel();
function listener(name) {
  return () => {
    console.log('listener ' + name);
    Promise.resolve().then(() => console.log('microtask from ' + name));
  };
}
mc.port2.addEventListener('message', listener('one'));
mc.port2.addEventListener('message', listener('two'));
mc.port2.start();
mc.port1.postMessage('go');
console.log('script');
