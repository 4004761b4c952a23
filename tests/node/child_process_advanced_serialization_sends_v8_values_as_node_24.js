// node tests/node/child_process_advanced_serialization_sends_v8_values_as_node_24.js > tests/node/child_process_advanced_serialization_sends_v8_values_as_node_24.out (recorded with Node 24)
// fork() with serialization: 'advanced' sends each message as V8's
// serialization of it after its length (Node's ChildProcessSerializer):
// typed arrays, Buffers, Maps, Sets, BigInts, Dates, RegExps, errors and
// circular objects arrive as they were sent, both ways; a value V8 cannot
// serialize throws DataCloneError from send(). 'json' keeps JSON's shape.
const { fork } = require('child_process');
const util = require('util');
if (process.argv[2] === 'child') {
  process.on('message', (m) => {
    if (m === 'done') process.disconnect();
    else process.send({ echo: m, kind: Object.prototype.toString.call(m) });
  });
} else {
  const circular = { name: 'c' };
  circular.self = circular;
  const messages = [
    { uint8: new Uint8Array([1, 2, 3]) },
    { float64: new Float64Array([Math.PI]) },
    { buffer: Buffer.from('Hello!') },
    new Map([[1, { a: 1 }], ['b', [2]]]),
    new Set(['x', 'y']),
    { big: 1337n, date: new Date(0), re: /a+b/gi },
    circular,
    new RangeError('Something range-y went wrong'),
  ];
  (async () => {
    for (const serialization of ['advanced', 'json']) {
      const cp = fork(__filename, ['child'], { serialization });
      // (JSON cannot take the BigInt nor the circular object.)
      const list = serialization === 'json' ? [...messages.slice(0, 5), messages[7]] : messages;
      for (const m of list) {
        cp.send(m);
        const [reply] = await new Promise((resolve) => cp.once('message', (...a) => resolve(a)));
        const echo = reply.echo;
        const shown = echo instanceof Error ? `${echo.name}: ${echo.message}` : util.inspect(echo, { depth: 3 });
        console.log(serialization, reply.kind, shown, echo?.self === echo ? '(circular kept)' : '');
      }
      try {
        cp.send({ f() {} });
        console.log(serialization, 'function sent');
      } catch (e) {
        console.log(serialization, e.name, e.message);
      }
      cp.send('done');
      await new Promise((resolve) => cp.on('exit', resolve));
    }
  })();
}
