// Invalid arguments to net, Buffer and EventEmitter throw Node's errors
// synchronously: ERR_SOCKET_BAD_PORT, ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE.
// No call here opens a socket.
const net = require('net');
const EventEmitter = require('events');
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' ' + e.code + ' ' + e.message);
  }
}
attempt('net.connect(-1)', () => net.connect(-1));
attempt('net.connect({ port: 65536 })', () => net.connect({ port: 65536 }));
attempt('net.connect({ port: 1.5 })', () => net.connect({ port: 1.5 }));
attempt('net.connect({ port: NaN })', () => net.connect({ port: NaN }));
attempt('net.connect({ port: "" })', () => net.connect({ port: '' }));
attempt('net.connect({ port: {} })', () => net.connect({ port: {} }));
attempt('net.connect({})', () => net.connect({}));
attempt('net.createConnection({ port: true })', () => net.createConnection({ port: true }));
attempt('listen(-1)', () => net.createServer().listen(-1));
attempt('listen(65536)', () => net.createServer().listen(65536));
attempt('listen({ port: 1.5 })', () => net.createServer().listen({ port: 1.5 }));
attempt('listen({ port: "abc" })', () => net.createServer().listen({ port: 'abc' }));
attempt('net.createServer(1)', () => net.createServer(1));
attempt('net.createServer("x")', () => net.createServer('x'));
attempt('socket.write(1)', () => new net.Socket().write(1));
attempt('Buffer.from(1)', () => Buffer.from(1));
attempt('Buffer.from()', () => Buffer.from());
attempt('Buffer.from(null)', () => Buffer.from(null));
attempt('Buffer.from(Symbol)', () => Buffer.from(Symbol('x')));
attempt('Buffer.from(true)', () => Buffer.from(true));
attempt('Buffer.from("x", "nope")', () => Buffer.from('x', 'nope'));
attempt('Buffer.alloc(-1)', () => Buffer.alloc(-1));
attempt('Buffer.alloc("10")', () => Buffer.alloc('10'));
attempt('Buffer.alloc(NaN)', () => Buffer.alloc(NaN));
attempt('Buffer.alloc(2 ** 53)', () => Buffer.alloc(2 ** 53));
attempt('Buffer.allocUnsafe(-1)', () => Buffer.allocUnsafe(-1));
attempt('Buffer.concat("x")', () => Buffer.concat('x'));
attempt('Buffer.concat([1])', () => Buffer.concat([1]));
attempt('Buffer.byteLength(5)', () => Buffer.byteLength(5));
attempt('Buffer.compare(1, 2)', () => Buffer.compare(1, 2));
attempt('Buffer.compare(buf, "b")', () => Buffer.compare(Buffer.alloc(1), 'b'));
attempt('buf.toString("nope")', () => Buffer.from('a').toString('nope'));
attempt('buf.readUInt8(5)', () => Buffer.alloc(1).readUInt8(5));
attempt('buf.readUInt8(0.5)', () => Buffer.alloc(1).readUInt8(0.5));
attempt('buf.readUInt8("0")', () => Buffer.alloc(1).readUInt8('0'));
attempt('buf.readUInt32LE(0) of 2 bytes', () => Buffer.alloc(2).readUInt32LE(0));
attempt('buf.readUInt16LE(1) of 2 bytes', () => Buffer.alloc(2).readUInt16LE(1));
attempt('buf.writeUInt8(300)', () => Buffer.alloc(1).writeUInt8(300));
attempt('buf.writeUInt8(1, 1)', () => Buffer.alloc(1).writeUInt8(1, 1));
const e = new EventEmitter();
attempt('emitter.on("x", 1)', () => e.on('x', 1));
attempt('emitter.once("x", "f")', () => e.once('x', 'f'));
attempt('emitter.prependListener("x", null)', () => e.prependListener('x', null));
attempt('emitter.off("x")', () => e.off('x'));
attempt('emitter.removeListener("x", {})', () => e.removeListener('x', {}));
attempt('emitter.addListener("x", {})', () => e.addListener('x', {}));
attempt('emitter.setMaxListeners(-1)', () => e.setMaxListeners(-1));
attempt('emitter.setMaxListeners("a")', () => e.setMaxListeners('a'));
attempt('emitter.emit("error", "boom")', () => e.emit('error', 'boom'));
attempt('emitter.emit("error")', () => e.emit('error'));
attempt('process.on("x", 1)', () => process.on('x', 1));
