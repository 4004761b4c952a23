// jsloop node glue: process.stdout and process.stderr, read when a program
// first reads one of them (40_node.js's stdioStream, which keeps the stream
// made): Writable streams whose writes are synchronous (as Node's are on
// Linux for files, pipes and terminals), so a write's callback comes on the
// next tick. `d` is what 40_node.js shares: the host, its requireBuiltin and
// buffers (Buffer's glue).
(function (d) {
  'use strict';
  const { host, requireBuiltin, buffers } = d;
  return function stdioStream(fd) {
    const { Writable } = requireBuiltin('stream');
    const { Buffer } = buffers();
    const stream = new Writable({
      decodeStrings: false,
      write(chunk, encoding, cb) {
        host.write(fd, typeof chunk === 'string' ? (encoding === 'utf8' || encoding === 'utf-8' ? chunk : Buffer.from(chunk, encoding).toString()) : Buffer.from(chunk).toString());
        cb();
      },
      // Destroying stdout or stderr does not close the descriptor; it can be
      // written to again, and 'close' is still emitted once.
      destroy(err, cb) {
        cb(err);
        this._undestroy();
      },
    });
    stream.fd = fd;
    // (isTTY only on a terminal, as Node's tty.WriteStream has it.)
    if (host.isatty(fd)) {
      stream.isTTY = true;
      stream.columns = 80;
      stream.rows = 24;
    }
    stream._type = 'fs';
    stream._isStdio = true;
    stream.destroySoon = stream.destroy;
    return stream;
  };
})
