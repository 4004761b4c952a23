// structuredClone keeps shared references and cycles, and copies Map, Set,
// Date, RegExp, typed arrays and errors.
const log = (s) => console.log(s);
const shared = { v: 1 };
const src = { a: shared, b: shared, date: new Date(0), re: /x+/gi, map: new Map([[1, 'one']]), set: new Set(['s']), bytes: new Uint8Array([1, 2, 3]) };
src.self = src;
const c = structuredClone(src);
log('distinct ' + (c !== src) + ' shared kept ' + (c.a === c.b) + ' cycle kept ' + (c.self === c));
log('date ' + (c.date instanceof Date) + ' ' + c.date.getTime());
log('regexp ' + c.re.source + ' ' + c.re.flags);
log('map ' + c.map.get(1) + ' set ' + c.set.has('s'));
log('bytes ' + c.bytes.constructor.name + ' ' + Array.from(c.bytes).join(','));
const e = structuredClone(new RangeError('oops'));
log('error ' + e.constructor.name + ' ' + e.message);
try { structuredClone(() => 1); } catch (err) { log('function: ' + err.name); }
try { structuredClone({ s: Symbol('x') }); } catch (err) { log('symbol: ' + err.name); }
