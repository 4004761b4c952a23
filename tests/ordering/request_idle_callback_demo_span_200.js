// jsloop-test: virtual-only
// Seed 001's requestIdleCallback demo with span = 200. Whether the two idle
// callbacks run before the timer that cancels the animation frame depends
// on span: an idle period starts only when no task is runnable and no frame
// is owed, and lasts until the next timer (or 50 ms).
const span = 200;
setTimeout(() => { console.log('setTimeout callback') })
Promise.resolve().then(() => { console.log('promise callback before rAF') })
console.log('before trigger rAF')
const rAF = window.requestAnimationFrame(() => { console.log('execute rAF') })
const idle = window.requestIdleCallback((d) => { console.log('execute requestIdleCallback') }, {timeout: 2000})
const idle2 = window.requestIdleCallback((d) => { console.log('execute requestIdleCallback 2') }, {timeout: 2000})
Promise.resolve().then(() => { console.log('promise callback after MutationObserver') })
setTimeout(() => { window.cancelAnimationFrame(rAF); console.log('calcel rAF') }, span)
setTimeout(() => { window.cancelIdleCallback(idle); window.cancelIdleCallback(idle2); console.log('calcel requestIdleCallback') }, 2000)
