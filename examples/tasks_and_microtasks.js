// Why does this print in the order it does? Run it with --trace to watch
// the loop: the script task, its microtask checkpoint, a message task, and
// timer tasks whose nesting level grows until the 4 ms clamp applies.
setTimeout(() => console.log('timeout 0'), 0);

Promise.resolve().then(() => console.log('promise'));
queueMicrotask(() => console.log('queueMicrotask'));

const { port1, port2 } = new MessageChannel();
port2.onmessage = (event) => {
  console.log('message:', event.data);
};
port1.postMessage('hello');

let depth = 0;
const start = performance.now();
(function nest() {
  depth += 1;
  if (depth <= 7) {
    setTimeout(nest, 0);
  } else {
    console.log(`7 chained setTimeout(0) calls took ${performance.now() - start} ms`);
  }
})();

console.log('script');
