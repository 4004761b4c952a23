// node tests/node/tls_convert_alpn_protocols_and_protocol_version_errors_as_node_24.js > tests/node/tls_convert_alpn_protocols_and_protocol_version_errors_as_node_24.out (recorded with Node 24)
// tls.convertALPNProtocols as Node 24's lib/tls.js: names to the wire
// format in a Buffer, a view copied and checked for truncated names; and
// the protocol version errors, the version JSON-quoted.
const tls = require('tls');
const convert = (protocols) => {
  try {
    const out = {};
    tls.convertALPNProtocols(protocols, out);
    const copied = out.ALPNProtocols !== undefined && out.ALPNProtocols !== protocols;
    console.log(out.ALPNProtocols, copied);
  } catch (e) {
    console.log(e.name, e.code, e.message);
  }
};
convert(['h2', 'http/1.1']);
convert(['\u00e9', '']);
convert(['x'.repeat(255)].map((s) => s.length));
convert(['x'.repeat(256)]);
convert(new Uint8Array([2, 104, 50]));
convert(new Uint16Array([0x6802]));
convert(new DataView(new Uint8Array([1, 120, 1, 121]).buffer, 2));
convert('h2');
convert(undefined);
convert([1]);
for (const [key, value] of [['minVersion', 'TLSv9'], ['maxVersion', 'x'], ['minVersion', 1.2]]) {
  try { tls.createSecureContext({ [key]: value }); console.log(key, 'ok'); } catch (e) { console.log(key, e.name, e.code, e.message); }
}
