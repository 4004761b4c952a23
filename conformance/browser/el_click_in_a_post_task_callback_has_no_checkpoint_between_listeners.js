// el.click() from a scheduler.postTask callback: the callback is script on
// the stack, so the click's listeners run with no microtask checkpoint
// between them (found by conformance/fuzz-browser.mjs, seed 4065).
scheduler.postTask(() => {
  const b = document.createElement('button');
  b.addEventListener('click', () => { console.log('listener 1'); Promise.resolve().then(() => console.log('microtask from listener 1')); });
  b.addEventListener('click', () => console.log('listener 2'));
  b.click();
  console.log('click() returned');
  return 'value';
}, { priority: 'user-blocking' }).then((v) => console.log('postTask resolved ' + v));
scheduler.postTask(() => {
  queueMicrotask(() => console.log('microtask from the throwing task'));
  throw new Error('thrown');
}).catch((e) => console.log('postTask rejected ' + e.message));
