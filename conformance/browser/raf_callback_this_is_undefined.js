// A frame callback gets one argument, a number (the frame time), and is
// called with this = undefined: strict code sees undefined, sloppy code the
// global object. (A timer callback, by contrast, gets this = window.)
const log = (s) => console.log(s);
requestAnimationFrame(function (t) {
  'use strict';
  log('strict: arguments ' + arguments.length + ', number ' + (typeof t === 'number') + ', this undefined ' + (this === undefined));
});
requestAnimationFrame(function () {
  log('sloppy: this is window ' + (this === window));
  setTimeout(function () { 'use strict'; log('strict timer: this is window ' + (this === window)); console.log('__done__'); }, 0);
});
