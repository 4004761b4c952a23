// A function handler is called with this = window and the extra arguments.
const log = (s) => console.log(s);
setTimeout(function (a, b, c) {
  log('this is window ' + (this === window) + ', args ' + a + ' ' + b + ' ' + c);
  console.log('__done__');
}, 0, 1, 'two', null);
