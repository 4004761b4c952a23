// Found by the fuzzer (seed 800279, shrunk by hand). libuv's epoll is
// level-triggered: a descriptor epoll_wait reported goes back on the
// kernel's ready list, in the order reported, ahead of what becomes ready
// later. Poll A runs channel 31's messages (the wake-up descriptor) and the
// server's 'ping' ('pong' lands on the client); port1 then closes in the
// close phase, and the close message for port2 writes the wake-up
// descriptor again, after 'pong' landed. Poll B: the wake-up descriptor
// still comes first (port2's close message), then the client's 'pong' (a
// read short of libuv's 64 KiB: its end of file waits for poll C); channel
// 27 is made there. Poll C: the wake-up descriptor first again (channel
// 27's messages), then the client's end of file.
const net = require('net');
const log = (s) => console.log(s);
{
  const srv16 = net.createServer((sock) => {
    log('net16 server connection');
    sock.on('data', (d) => {
      log('net16 server got ' + d);
      sock.end('pong');
    });
    sock.on('end', () => log('net16 server end'));
    sock.on('close', () => {
      log('net16 server socket close');
      srv16.close(() => {
        log('net16 server closed');
      });
    });
  });
  srv16.listen(0, '127.0.0.1', () => {
    log('net16 listening');
    const c = net.connect(srv16.address().port, '127.0.0.1', () => {
      log('net16 client connect');
      c.write('ping');
    });
    c.on('data', (d) => {
      log('net16 client got ' + d);
      log('net16_17');
      (async () => {
        log('async25');
        log('sync26');
        {
          const c27 = new MessageChannel();
          const on27 = (me, other) => (v) => {
            log('msg27 ' + me + ' ' + v);
            log('msg27_28');
            if (v < 4) c27[me].postMessage(v + 1);
            else c27[me].close();
          };
          c27.port1.on('message', on27('port1', 'port2'));
          c27.port2.on('message', on27('port2', 'port1'));
          c27.port2.postMessage(0);
        }
      })();
    });
    c.on('end', () => log('net16 client end'));
    c.on('close', () => log('net16 client close'));
  });
}
{
  const c31 = new MessageChannel();
  const on31 = (me, other) => (v) => {
    log('msg31 ' + me + ' ' + v);
    log('msg31_32');
    if (v < 2) c31[me].postMessage(v + 1);
    else c31[me].close();
  };
  c31.port1.on('message', on31('port1', 'port2'));
  c31.port2.on('message', on31('port2', 'port1'));
  c31.port1.on('close', () => log('close31 port1'));
  c31.port2.on('close', () => log('close31 port2'));
  c31.port2.postMessage(0);
}
log('main end');
