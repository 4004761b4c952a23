// The worker half of streams.html: the Streams Standard's classes in a
// dedicated worker.
const rs = new ReadableStream({ start(c) { c.enqueue('in'); c.enqueue('worker'); c.close(); } });
const parts = [];
rs.pipeTo(new WritableStream({ write(chunk) { parts.push(chunk); } })).then(() => {
  postMessage(`worker: ${parts.join(' ')} ${typeof TransformStream} ${typeof ReadableByteStreamController}`);
});
