// A message that cannot be cloned: the DataCloneError names the operation and its interface.
const w = new Worker('data:text/javascript,postMessage(1)');
try { w.postMessage(() => 1); } catch (e) { console.log(e.name, e.message); }
try { w.postMessage(Symbol('s')); } catch (e) { console.log(e.name, e.message); }
try { new BroadcastChannel('q').postMessage({ f() {} }); } catch (e) { console.log(e.name, e.message); }
w.terminate();
