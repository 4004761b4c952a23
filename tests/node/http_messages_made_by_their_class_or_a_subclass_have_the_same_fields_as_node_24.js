// node tests/node/http_messages_made_by_their_class_or_a_subclass_have_the_same_fields_as_node_24.js > tests/node/http_messages_made_by_their_class_or_a_subclass_have_the_same_fields_as_node_24.out (recorded with Node 24)
// An IncomingMessage, a ServerResponse and a ClientRequest made by `new` of their own class
// and of a subclass have the same own fields (names, order, attributes,
// kinds of value), their ReadableState and _events too: jsloop makes the
// first kind by literals (http.js plainIncomingMessage and
// plainOutgoingMessage), the second by the constructors' steps.
const http = require('http');
const net = require('net');
const sock = new net.Socket();
const desc = (o) => Reflect.ownKeys(o).map((k) => {
  const d = Object.getOwnPropertyDescriptor(o, k);
  const v = d.value;
  let kind;
  if (v === null) kind = 'null';
  else if (Array.isArray(v)) kind = `[${v.length}]`;
  else if (typeof v === 'object') kind = `object:${Object.getPrototypeOf(v) === null ? 'null' : Object.getPrototypeOf(v).constructor?.name}:${Reflect.ownKeys(v).map(String).join(',')}`;
  else if (typeof v === 'function') kind = 'function';
  else kind = String(v);
  return `${String(k)}:${d.enumerable}${d.writable}${d.configurable}:${kind}`;
}).join('\n');
const same = (x, y, what) => {
  const dx = desc(x), dy = desc(y);
  console.log(what, dx === dy ? 'same' : `different\n${dx}\n----\n${dy}`);
};
class SubIncoming extends http.IncomingMessage {}
class SubResponse extends http.ServerResponse {}
const a = new http.IncomingMessage(sock);
const b = new SubIncoming(sock);
same(a, b, 'IncomingMessage');
same(a._readableState, b._readableState, 'ReadableState');
same(a._events, b._events, '_events');
console.log(Object.getPrototypeOf(a._readableState) === Object.getPrototypeOf(b._readableState), a instanceof http.IncomingMessage);
console.log(a.readableHighWaterMark, a.readableFlowing, a.readableObjectMode, a.readableEncoding, a.destroyed, a.listenerCount('data'), a.getMaxListeners());
a.httpVersionMajor = 1;
a.httpVersionMinor = 1;
a.method = 'GET';
for (const options of [undefined, { highWaterMark: 1024, rejectNonStandardBodyWrites: true }]) {
  const r = new http.ServerResponse(a, options);
  const s = new SubResponse(a, options);
  same(r, s, 'ServerResponse');
  same(r._events, s._events, 'ServerResponse _events');
  console.log(r.sendDate, r.getHeaderNames().length, r.headersSent, r.listenerCount('finish'));
}
a.method = 'HEAD';
same(new http.ServerResponse(a), new SubResponse(a), 'ServerResponse to HEAD');
a.httpVersionMinor = 0;
same(new http.ServerResponse(a), new SubResponse(a), 'ServerResponse to HTTP/1.0');
// A ClientRequest on an agent that keeps the request to itself (no socket).
class HoldingAgent extends http.Agent {
  addRequest(req) { this.held = req; }
}
class SubRequest extends http.ClientRequest {}
const agent = new HoldingAgent({ keepAlive: true });
const requestOptions = { host: '127.0.0.1', port: 8080, path: '/a', agent, headers: { 'X-One': '1' } };
const q = new http.ClientRequest(requestOptions, () => {});
const t = new SubRequest(requestOptions, () => {});
same(q, t, 'ClientRequest');
same(q._events, t._events, 'ClientRequest _events');
console.log(agent.held === t, q.getHeaderNames().join(','), q.listenerCount('response'), q.path, q.method);
const u = http.request({ host: '127.0.0.1', port: 8080, method: 'POST', agent, timeout: 1000 });
console.log(u instanceof http.ClientRequest, agent.held === u, u.timeout, u.method, u.useChunkedEncodingByDefault, Object.keys(u).length === Object.keys(new SubRequest({ host: '127.0.0.1', port: 8080, method: 'POST', agent, timeout: 1000 })).length);
