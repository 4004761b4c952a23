// BroadcastChannel in one window: every other open channel of the same name
// gets the message, in creation order, as a task (DOM manipulation task
// source); the sender and closed channels do not; misuse throws Chromium's errors.
const a = new BroadcastChannel('news');
const b = new BroadcastChannel('news');
const c = new BroadcastChannel('news');
const other = new BroadcastChannel('sport');
const log = (who) => (e) => console.log(who, e.type, JSON.stringify(e.data), e.origin === self.origin, e.source, e.ports.length, e.isTrusted, e instanceof MessageEvent);
a.onmessage = log('a');
b.onmessage = log('b');
c.addEventListener('message', log('c'));
other.onmessage = log('other');
a.postMessage({ n: 1 });
c.postMessage('two');
Promise.resolve().then(() => console.log('microtask'));
console.log('name', a.name, typeof a.close, BroadcastChannel.length, String(a));
b.close();
b.close();
try { b.postMessage(1); } catch (e) { console.log(e.name, e.message); }
try { a.postMessage(); } catch (e) { console.log(e.name, e.message); }
try { a.postMessage(() => 1); } catch (e) { console.log(e.name, e.message); }
try { new BroadcastChannel(); } catch (e) { console.log(e.name, e.message); }
a.postMessage('three');
setTimeout(() => { console.log('timeout'); c.close(); a.postMessage('after close'); setTimeout(() => console.log('done'), 50); }, 100);
