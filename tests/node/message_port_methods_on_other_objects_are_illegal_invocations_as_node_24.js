// node tests/node/message_port_methods_on_other_objects_are_illegal_invocations_as_node_24.js > tests/node/message_port_methods_on_other_objects_are_illegal_invocations_as_node_24.out (recorded with Node 24)
// MessagePort's methods are C++ methods (src/node_messaging.cc) whose
// receiver V8 checks: called on anything else they throw V8's TypeError
// 'Illegal invocation' (before any argument check); its onmessage and
// onmessageerror accessors and its EventTarget methods throw ERR_INVALID_THIS.
const t = (name, f) => { try { f(); console.log(name, 'no throw'); } catch (e) { console.log(name, e.constructor.name, e.code, e.message); } };
const P = MessagePort.prototype;
for (const name of ['postMessage', 'start', 'close', 'ref', 'unref', 'hasRef']) {
  t(name, () => P[name].call({}, 1));
  t(name + ' on a port-like', () => P[name].call(Object.create(P), 1));
}
t('postMessage, no argument', () => P.postMessage.call({}));
t('postMessage on undefined', () => P.postMessage.call(undefined, 1));
for (const name of ['onmessage', 'onmessageerror']) {
  const d = Object.getOwnPropertyDescriptor(P, name);
  t('get ' + name, () => d.get.call({}));
  t('set ' + name, () => d.set.call({}, () => {}));
}
const { port1 } = new MessageChannel();
t('addEventListener', () => port1.addEventListener.call({}, 'message', () => {}));
t('postMessage on a port', () => port1.postMessage(1));
console.log(P.postMessage.length, P.postMessage.name);
port1.close();
