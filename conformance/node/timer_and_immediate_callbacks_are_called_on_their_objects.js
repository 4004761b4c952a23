// Node calls a timer's callback as timer._onTimeout() and an immediate's as
// immediate._onImmediate(): `this` is the Timeout or the Immediate (so an
// interval can clear itself with clearInterval(this)). A nextTick callback
// gets no `this`; an arrow function keeps the `this` where it was written.
'use strict';
const im = setImmediate(function () {
  console.log('immediate: this is the Immediate', this === im);
  let n = 0;
  const iv = setInterval(function () {
    n++;
    console.log('interval: this is the Timeout', this === iv, 'repeat', this._repeat);
    if (n < 3) return;
    clearInterval(this);
    const t = setTimeout(function (a, b) {
      console.log('timeout: this is the Timeout', this === t, 'repeat', this._repeat, a, b);
      setTimeout(() => console.log('arrow: this is still the outer Timeout', this === t), 1);
    }, 1, 'x', 'y');
  }, 2);
});
process.nextTick(function () { console.log('nextTick: this', this); });
