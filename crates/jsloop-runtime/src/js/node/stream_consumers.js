// jsloop node glue: stream/consumers
// (https://nodejs.org/api/webstreams.html#utility-consumers,
// lib/stream/consumers.js): a whole stream or async iterable, read to its
// end, as one value. Read when a program first requires it (40_node.js's
// makeBuiltin); `internals` is 40_node.js's.
(function (internals) {
  'use strict';
  const { Blob, Buffer } = internals.require('buffer');
  async function blob(stream) {
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    return new Blob(chunks);
  }
  async function arrayBuffer(stream) {
    return (await blob(stream)).arrayBuffer();
  }
  async function bytes(stream) {
    return (await blob(stream)).bytes();
  }
  async function buffer(stream) {
    return Buffer.from(await arrayBuffer(stream));
  }
  async function text(stream) {
    // (A decoder in streaming mode: a character split across chunks.)
    const decoder = new TextDecoder();
    let str = '';
    for await (const chunk of stream) {
      if (typeof chunk === 'string') str += chunk;
      else str += decoder.decode(chunk, { stream: true });
    }
    str += decoder.decode(undefined, { stream: false });
    return str;
  }
  async function json(stream) {
    return JSON.parse(await text(stream));
  }
  return { arrayBuffer, blob, buffer, bytes, text, json };
})
