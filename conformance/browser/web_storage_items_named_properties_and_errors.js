// localStorage and sessionStorage: Storage's methods, its named properties,
// the errors of misuse; the Performance interface and the console
// namespace's tag.
const out = (s) => console.log(s);
const tryIt = (what, f) => { try { out(what + ': ' + String(f())); } catch (e) { out(what + ': ' + e.name + ': ' + e.message); } };
for (const [name, s] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]]) {
  out('-- ' + name + ' ' + Object.prototype.toString.call(s) + ' ' + (s instanceof Storage) + ' ' + s.length);
  s.setItem('b', 2);
  s.setItem('a', { toString() { return 'object a'; } });
  s.c = 3;
  out('length ' + s.length + ' keys ' + Object.keys(s).sort().join(',') + ' key(0..3) ' + [s.key(0), s.key(1), s.key(2)].sort().join(',') + ' ' + s.key(3) + ' ' + s.key(4));
  out('a ' + s.a + ' b ' + s.b + ' typeof b ' + typeof s.b + ' missing ' + s.missing + ' getItem(missing) ' + s.getItem('missing'));
  out('in: ' + ('a' in s) + ' ' + ('zzz' in s) + ' own: ' + JSON.stringify(Object.getOwnPropertyDescriptor(s, 'a')));
  s.setItem('b', 'two');
  out('b now ' + s.b + ' keys ' + Object.keys(s).sort().join(','));
  delete s.a;
  s.removeItem('c');
  s.removeItem('never');
  out('after delete: ' + Object.keys(s).join(',') + ' length ' + s.length);
  out('JSON ' + JSON.stringify(s));
  tryIt('setItem(1 arg)', () => s.setItem('x'));
  tryIt('getItem()', () => s.getItem());
  tryIt('key()', () => s.key());
  tryIt('key(-1)', () => s.key(-1));
  tryIt('key(2**32)', () => s.key(2 ** 32));
  tryIt('setItem.call({})', () => Storage.prototype.setItem.call({}, 'a', 'b'));
  tryIt('defineProperty accessor', () => { Object.defineProperty(s, 'acc', { get() { return 1; } }); return 'defined ' + s.getItem('acc'); });
  tryIt('defineProperty value', () => { Object.defineProperty(s, 'val', { value: 5 }); return 'defined ' + s.getItem('val'); });
  tryIt('setItem null key', () => { s.setItem(null, undefined); return s.getItem('null') + ' ' + typeof s.getItem('null'); });
  s.clear();
  out('cleared ' + s.length + ' ' + Object.keys(s).length);
}
tryIt('new Storage()', () => new Storage());
out('same object: ' + (localStorage === window.localStorage) + ' ' + (localStorage !== sessionStorage));
out(Object.getOwnPropertyNames(Storage.prototype).sort().join(','));
out('performance ' + Object.prototype.toString.call(performance) + ' ' + (typeof Performance === 'function' && performance instanceof Performance));
out('console ' + Object.prototype.toString.call(console));
console.log('__done__');
