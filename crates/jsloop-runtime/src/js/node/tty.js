// jsloop node glue: the `tty` module (https://nodejs.org/api/tty.html):
// isatty() asks the system (isatty(3)); ReadStream and WriteStream are
// net.Sockets over a terminal's descriptor, as Node's are. Raw mode is not
// here (no setRawMode).
// internals: { require(id), host, env, validateInteger }
(function (internals) {
  'use strict';
  const net = internals.require('net');
  const host = internals.host;

  // https://nodejs.org/api/tty.html#ttyisattyfd
  function isatty(fd) {
    return Number.isInteger(fd) && fd >= 0 && fd <= 2147483647 && host.isatty(fd);
  }

  function ReadStream(fd, options) {
    if (!(this instanceof ReadStream)) return new ReadStream(fd, options);
    net.Socket.call(this, { readableHighWaterMark: 0, ...options, fd, manualStart: true });
    this.isRaw = false;
    this.isTTY = true;
  }
  Object.setPrototypeOf(ReadStream.prototype, net.Socket.prototype);
  Object.setPrototypeOf(ReadStream, net.Socket);

  function WriteStream(fd) {
    if (!(this instanceof WriteStream)) return new WriteStream(fd);
    net.Socket.call(this, { fd, readable: false, writable: true });
    this.isTTY = true;
    const size = this.getWindowSize();
    this.columns = size[0];
    this.rows = size[1];
  }
  Object.setPrototypeOf(WriteStream.prototype, net.Socket.prototype);
  Object.setPrototypeOf(WriteStream, net.Socket);
  WriteStream.prototype.isTTY = true;
  // The terminal's size as the environment gives it (COLUMNS, LINES), else 80x24.
  WriteStream.prototype.getWindowSize = function () {
    const env = internals.env;
    return [Number(env.COLUMNS) || 80, Number(env.LINES) || 24];
  };
  // Node's getColorDepth (lib/internal/tty.js): FORCE_COLOR, NO_COLOR and
  // NODE_DISABLE_COLORS, then COLORTERM and TERM.
  WriteStream.prototype.getColorDepth = function (env = internals.env) {
    const force = env.FORCE_COLOR;
    if (force !== undefined) {
      if (force === '' || force === '1' || force === 'true') return 4;
      if (force === '2') return 8;
      if (force === '3') return 24;
      return 1;
    }
    if (env.NODE_DISABLE_COLORS !== undefined || env.NO_COLOR !== undefined || env.TERM === 'dumb') return 1;
    if (env.TMUX) return 24;
    if (env.CI) return 8;
    if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 24;
    if (env.TERM) {
      if (/truecolor/.test(env.TERM)) return 24;
      if (/^xterm-256/.test(env.TERM) || /-256(color)?$/.test(env.TERM)) return 8;
      if (/^(xterm|screen|vt100|vt220|rxvt|color|ansi|cygwin|linux|konsole|eterm|kitty)/i.test(env.TERM)) return 4;
    }
    if (env.COLORTERM) return 4;
    return 1;
  };
  WriteStream.prototype.hasColors = function (count, env) {
    if (env === undefined && (count === undefined || (typeof count === 'object' && count !== null))) {
      env = count;
      count = 16;
    } else if (count === undefined) count = 16;
    internals.validateInteger(count, 'count', 2);
    return count <= 2 ** this.getColorDepth(env);
  };

  return { isatty, ReadStream, WriteStream };
})
