// el.click() from a timer: listeners run synchronously inside the timer task.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const button = document.createElement('button');
document.body.appendChild(button);
button.addEventListener('click', () => { log('click 1'); Promise.resolve().then(() => log('promise 1')); });
button.addEventListener('click', () => { log('click 2'); Promise.resolve().then(() => log('promise 2')); });
document.body.addEventListener('click', (e) => log('body saw ' + e.target.tagName));
setTimeout(() => {
  log('timer start');
  button.click();
  log('timer end');
  setTimeout(() => console.log('__done__'), 0);
}, 0);
