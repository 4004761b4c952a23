// Recorded with: node tests/node/legacy_url_and_querystring_parse_as_node.js > tests/node/legacy_url_and_querystring_parse_as_node.out
// The legacy url API (url.parse, url.format of a urlObject, url.resolve)
// and querystring: what each parses, escapes and resolves; url.parse warns
// once (DEP0169, on stderr) and the warning comes on a later tick.
const url = require('url');
const qs = require('querystring');
process.on('warning', (w) => console.log('warning', w.name, w.code));

for (const s of ['a&&b', '=', 'a=1&=2', 'a=%zz&b=%E4%BD%A0+x', 'a=1&a=2&a=3', 'a=%F0%9F', 'a==b']) {
  console.log(JSON.stringify(s), qs.parse(s));
}
console.log(qs.parse('a=1&b=2&c=3', null, null, { maxKeys: 2 }), qs.parse('a:b;c:d', ';', ':'));
console.log(qs.stringify({ a: [1, 2], b: true, c: null, d: undefined, e: {}, f: 1n, g: NaN, h: 'x y~*é' }));
console.log(qs.escape("é !'()*~"), qs.unescape('%E9%zz+'), qs.unescapeBuffer('%E9%zz+', true));
try {
  qs.escape('\ud800');
} catch (e) {
  console.log(e.name, e.code, e.message);
}

console.log(url.parse('http://user:pw@EXAMPLE.com:8080/p/a/t/h?query=string#hash', true));
console.log('parsed');
for (const s of ['HTTP://x.com/a b?c d#e f', 'javascript:alert(1) x', 'http://[::1]:80/x', 'http:\\\\evil\\foo#h\\a', '  /just/a/path?x=1  ', 'mailto:user@example.org', 'http://a b/', 'http://x.com?q']) {
  console.log(JSON.stringify(s), url.parse(s).href);
}
console.log(url.parse('//a/b', false, true).host, url.parse('//a/b').pathname);
for (const [from, to] of [['http://a/b/c/d;p?q', '../g'], ['http://a/b/c', '//other/x'], ['mailto:user@example.org', 'mailto:another.host.com'], ['mailto:local1@domain1', 'local2@domain2'], ['http://u@a/b', '/d'], ['/foo/bar/baz', '../../quux'], ['foo', '..'], ['http://a/b', 'https:x']]) {
  console.log(from, to, '->', url.resolve(from, to));
}
console.log(url.format({ protocol: 'file', pathname: '/x' }), url.format({ protocol: 'mailto', host: 'a', pathname: 'b' }), url.format({ hostname: '::1', port: 8 }));
console.log(url.format({ protocol: 'http', auth: 'us er:p@ss', hostname: 'h', pathname: 'a#b?c', query: { x: [1, 2] }, hash: 'z' }));
console.log(url.format('http://A.com/x y'), url.format(new URL('http://u:p@a.com/?q#h'), { auth: false, fragment: false }));
try {
  url.format(42);
} catch (e) {
  console.log(e.code, e.message);
}
