// jsloop-test: virtual-only
// Seed 000: a macrotask queued through MessageChannel is a task on the posted
// message task source, which has no nesting clamp.
function queueMacroTask(cb) {
  const mc = new MessageChannel();
  mc.port1.postMessage(null);
  mc.port2.addEventListener('message', () => {
    cb();
  }, { once: true });
  mc.port2.start();
}

let depth = 1;
let previousTime = performance.now();
function recurse() {
  if (depth > 10) {
    return;
  }
  const nowTime = performance.now();
  console.log({ depth, time: Math.round(nowTime - previousTime) });
  previousTime = nowTime;
  depth += 1;
  queueMacroTask(recurse);
}

queueMacroTask(recurse);
