// Recorded with: node tests/node/websocket_client_talks_to_a_local_server.js
// The WebSocket global against a WebSocket server written here on node:net
// (RFC 6455: the opening handshake, masked client frames, text and binary
// messages, a ping, the closing handshake): the client's events and what
// the server reads, in order; then a refused connection (error, then close
// 1006) and the errors the constructor, send() and close() throw.
'use strict';
const net = require('net');
const crypto = require('crypto');

function frame(opcode, payload) {
  const head = payload.length < 126 ? Buffer.from([0x80 | opcode, payload.length]) : Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 255]);
  return Buffer.concat([head, payload]);
}
const server = net.createServer((socket) => {
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data]);
    if (!upgraded) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = buffer.subarray(0, end).toString().split('\r\n');
      buffer = buffer.subarray(end + 4);
      const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      console.log(`server: ${lines[0]}, upgrade ${headers.upgrade}, version ${headers['sec-websocket-version']}, protocols ${headers['sec-websocket-protocol']}`);
      const accept = crypto.createHash('sha1').update(headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: chat\r\n\r\n`);
      upgraded = true;
    }
    while (buffer.length >= 2) {
      const opcode = buffer[0] & 15;
      const masked = (buffer[1] & 128) !== 0;
      let length = buffer[1] & 127;
      let offset = 2;
      if (length === 126) { length = buffer.readUInt16BE(2); offset = 4; }
      if (buffer.length < offset + 4 + length) return;
      const mask = buffer.subarray(offset, offset + 4);
      const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length).map((b, i) => b ^ mask[i & 3]));
      buffer = buffer.subarray(offset + 4 + length);
      console.log(`server: frame opcode ${opcode}, masked ${masked}, ${opcode === 2 ? `[${[...payload]}]` : JSON.stringify(payload.toString())}`);
      if (opcode === 1) {
        socket.write(frame(1, Buffer.from('echo: ' + payload)));
        if (payload.toString() === 'ping me') socket.write(frame(9, Buffer.from('p')));
      } else if (opcode === 2) socket.write(frame(2, Buffer.from(payload.reverse())));
      else if (opcode === 10) socket.write(frame(1, Buffer.from('got pong ' + payload)));
      else if (opcode === 8) {
        socket.write(frame(8, payload));
        socket.end();
      }
    }
  });
  socket.on('close', () => console.log('server: connection closed'));
});
server.listen(0, '127.0.0.1', () => {
  const ws = new WebSocket(`ws://127.0.0.1:${server.address().port}/chat?room=1`, ['chat', 'superchat']);
  console.log(`client: readyState ${ws.readyState}, url ${ws.url.replace(/:\d+/, ':PORT')}, binaryType ${ws.binaryType}`);
  try { ws.send('too early'); } catch (e) { console.log(`client: send while connecting: ${e.name}`); }
  ws.binaryType = 'arraybuffer';
  let n = 0;
  ws.onopen = (e) => {
    console.log(`client: ${e.type}, readyState ${ws.readyState}, protocol ${ws.protocol}, extensions "${ws.extensions}"`);
    ws.send('hello');
  };
  ws.addEventListener('message', (e) => {
    const data = typeof e.data === 'string' ? e.data : `ArrayBuffer [${[...new Uint8Array(e.data)]}]`;
    console.log(`client: message ${data}, ${e.constructor.name}, origin ${e.origin.replace(/:\d+/, ':PORT')}`);
    // One message at a time: each is sent when the last one's answer came.
    n += 1;
    if (n === 1) ws.send(new Uint8Array([1, 2, 3]));
    if (n === 2) ws.send('ping me');
    if (n === 4) {
      try { ws.close(1001); } catch (err) { console.log(`client: close(1001): ${err.name}`); }
      ws.close(1000, 'done');
      console.log(`client: readyState after close() ${ws.readyState}`);
    }
  });
  ws.onerror = () => console.log('client: error?!');
  ws.onclose = (e) => {
    console.log(`client: close ${e.code} "${e.reason}" wasClean ${e.wasClean}, ${e.constructor.name}, readyState ${ws.readyState}`);
    server.close(refused);
  };
});

function refused() {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      ws.onerror = (e) => console.log(`refused: ${e.type}, readyState ${ws.readyState}`);
      ws.onclose = (e) => {
        console.log(`refused: close ${e.code} wasClean ${e.wasClean}`);
        for (const f of [() => new WebSocket('ftp://example.com/'), () => new WebSocket('ws://example.com/#x'), () => new WebSocket('ws://example.com/', ['a', 'a'])]) {
          try { f(); } catch (err) { console.log(`constructor: ${err.name}`); }
        }
      };
    });
  });
}
