// node tests/node/http_write_early_hints_checks_every_field_as_node_24.js > tests/node/http_write_early_hints_checks_every_field_as_node_24.out (recorded with Node 24)
// res.writeEarlyHints checks every field before it writes anything (Node
// 24's lib/_http_server.js): a Link value of the wrong format (a CR or LF
// inside <...> or at its end) is ERR_INVALID_ARG_VALUE, a Link value with
// another control character ERR_INVALID_CHAR, another field's name must be
// a token (ERR_INVALID_HTTP_TOKEN) and its value a header value
// (ERR_INVALID_CHAR, ERR_HTTP_INVALID_HEADER_VALUE); nothing reaches the
// client from a call that throws.
const http = require('http');
const server = http.createServer((req, res) => {
  for (const hints of [
    { link: '</a.css>; rel=preload', 'X-Custom': 'valid\r\nSet-Cookie: x' },
    { link: '</a.css>; rel=preload', 'X-Custom\r\nSet-Cookie: x': 'v' },
    { link: '</a.css\r\nSet-Cookie: x>; rel=preload' },
    { link: '</a.css>; rel=preload', 'x-u': undefined },
    { link: '</a.css>; rel=preload', '': 'v' },
    { link: '</a.css>; rel=preload', 'x-n': 5 },
    { link: '</a.css>; rel=preload', 'x-a': ['a', 'b'] },
  ]) {
    try { res.writeEarlyHints(hints); console.log('ok'); } catch (e) { console.log(e.name, e.code, e.message); }
  }
  res.end('done');
  server.close();
});
server.listen(0, '127.0.0.1', () => {
  const req = http.get({ port: server.address().port, host: '127.0.0.1' }, (res) => { res.resume(); });
  req.on('information', (info) => console.log('information', info.statusCode, JSON.stringify(info.rawHeaders)));
});
{
  const res = new http.ServerResponse({ method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1 });
  for (const l of ['<a\rb>; rel=x', '<a\nb>; rel=x', '<a\tb>; rel=x', '<a\x00b>; rel=x', '<a b>; rel=x', '<a>; rel=x\r\n', '<a>; rel=x; as=\r', '<a>;\r\nrel=x', '<a>; rel="x\n"', ['<a>; rel=x', '<b\n>; rel=y']]) {
    try { res.writeEarlyHints({ link: l }); console.log(JSON.stringify(l), 'ok'); } catch (e) { console.log(JSON.stringify(l), e.code); }
  }
}
