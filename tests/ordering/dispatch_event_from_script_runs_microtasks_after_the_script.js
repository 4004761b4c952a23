// dispatchEvent from a script calls the listeners while the script is still
// on the stack (like el.click()), so their microtasks wait for the script.
const target = new EventTarget();
function listener(name) {
  return () => {
    console.log('listener ' + name);
    Promise.resolve().then(() => console.log('microtask from ' + name));
  };
}
target.addEventListener('ping', listener('one'));
target.addEventListener('ping', listener('two'));
console.log('dispatch returned', target.dispatchEvent(new Event('ping')));
console.log('script end');
