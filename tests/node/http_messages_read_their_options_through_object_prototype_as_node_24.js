// node tests/node/http_messages_read_their_options_through_object_prototype_as_node_24.js > tests/node/http_messages_read_their_options_through_object_prototype_as_node_24.out (recorded with Node 24)
// What IncomingMessage, ServerResponse and ClientRequest read of their
// options with a property of that name put on Object.prototype: an
// IncomingMessage's stream options ({ highWaterMark } of the socket's) and
// a ServerResponse's options object inherit it, ClientRequest's copy of its
// options (a null-prototype object) does not.
const http = require('http');
const net = require('net');

function request11() {
  const r = new http.IncomingMessage(new net.Socket());
  r.httpVersionMajor = 1;
  r.httpVersionMinor = 1;
  return r;
}
function ownRead() {}
function incoming(name) {
  const m = new http.IncomingMessage(new net.Socket());
  const s = m._readableState;
  console.log(name, 'IncomingMessage', s.objectMode, s.highWaterMark, s.emitClose, s.autoDestroy,
    s.defaultEncoding, s.encoding, m._read === ownRead, m.readableEncoding);
}
incoming('(none)');
const values = {
  encoding: 'hex',
  defaultEncoding: 'latin1',
  objectMode: true,
  emitClose: false,
  autoDestroy: false,
  highWaterMark: 7,
  rejectNonStandardBodyWrites: true,
  read: ownRead,
  construct(cb) { console.log('construct called'); cb(); },
};
for (const [name, value] of Object.entries(values)) {
  Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
  incoming(name);
  const res = new http.ServerResponse(request11(), {});
  console.log(name, 'ServerResponse', res.writableHighWaterMark);
  const req = new http.ClientRequest({ createConnection() { return new net.Socket(); } });
  console.log(name, 'ClientRequest', req.writableHighWaterMark, req.method, req.path);
  delete Object.prototype[name];
}
setImmediate(() => console.log('done'));
