// The worker half of text_encoding.html: TextEncoder and TextDecoder in a
// dedicated worker.
const bytes = new TextEncoder().encode('wörker ✓');
postMessage(`worker: ${Array.from(bytes).join(',')} ${new TextDecoder().decode(bytes)} ${typeof TextEncoder} ${typeof TextDecoder}`);
