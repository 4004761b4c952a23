// node tests/node/intl_segmenter_splits_text_as_node_24.js > tests/node/intl_segmenter_splits_text_as_node_24.out (recorded with Node 24)
// ECMA-402 18 (Intl.Segmenter) and 8 (the Intl object, getCanonicalLocales):
// graphemes, words and sentences as ICU splits them, Segments' containing()
// and iterator, the segment data objects, resolvedOptions, supportedLocalesOf,
// and the errors V8 throws. Strings only (JSON), so the browser host's run of
// this file prints the same.
const show = (label, f) => {
  let out;
  try { out = JSON.stringify(f()); } catch (e) { out = `${e.constructor.name}: ${e.message}`; }
  console.log(`${label}: ${out}`);
};
show('typeof Intl', () => typeof Intl);
show('toString', () => Object.prototype.toString.call(Intl));
show('Intl keys include', () => ['getCanonicalLocales', 'Segmenter'].map((k) => Object.getOwnPropertyNames(Intl).includes(k)));
show('Intl descriptor', () => { const d = Object.getOwnPropertyDescriptor(globalThis, 'Intl'); return [d.writable, d.enumerable, d.configurable]; });
show('getCanonicalLocales', () => Intl.getCanonicalLocales(['EN-us', 'en-US', 'zh-hant-tw', 'en-u-ca-gregory-nu-latn', 'de-DE-u-co-phonebk']));
show('getCanonicalLocales string', () => Intl.getCanonicalLocales('fr-ca'));
show('getCanonicalLocales undefined', () => Intl.getCanonicalLocales());
show('getCanonicalLocales [1]', () => Intl.getCanonicalLocales([1]));
show('getCanonicalLocales null', () => Intl.getCanonicalLocales(null));
show('getCanonicalLocales en_US', () => Intl.getCanonicalLocales('en_US'));
show('getCanonicalLocales empty', () => Intl.getCanonicalLocales(''));
show('lengths', () => [Intl.Segmenter.length, Intl.Segmenter.supportedLocalesOf.length, Intl.getCanonicalLocales.length, Intl.Segmenter.prototype.segment.length, Intl.Segmenter.name]);
show('Segmenter own', () => Object.getOwnPropertyNames(Intl.Segmenter.prototype));
show('Segmenter tag', () => Object.prototype.toString.call(new Intl.Segmenter()));
show('resolvedOptions en', () => new Intl.Segmenter('en').resolvedOptions());
show('resolvedOptions de sentence', () => new Intl.Segmenter('de', { granularity: 'sentence' }).resolvedOptions());
show('resolvedOptions fr-XX', () => new Intl.Segmenter('fr-XX').resolvedOptions());
show('resolvedOptions zh-Hant-TW word', () => new Intl.Segmenter(['xx', 'zh-Hant-TW'], { granularity: 'word' }).resolvedOptions());
show('resolvedOptions extension', () => new Intl.Segmenter('en-US-u-ca-buddhist').resolvedOptions());
show('resolvedOptions de-CH-1996', () => new Intl.Segmenter('de-CH-1996').resolvedOptions());
show('supportedLocalesOf', () => Intl.Segmenter.supportedLocalesOf(['fr-XX', 'xx', 'en', 'de-AT-u-co-phonebk'], { localeMatcher: 'lookup' }));
show('supportedLocalesOf bad matcher', () => Intl.Segmenter.supportedLocalesOf(['fr'], { localeMatcher: 'bogus' }));
show('bad granularity', () => new Intl.Segmenter('en', { granularity: 'line' }));
show('options not an object', () => new Intl.Segmenter('en', 5));
show('call without new', () => Intl.Segmenter());
show('resolvedOptions on {}', () => Intl.Segmenter.prototype.resolvedOptions.call({}));
show('segment on {}', () => Intl.Segmenter.prototype.segment.call({}, 'x'));
const text = 'Hello, world! 42 x. Ça va? e\u0301 👨‍👩‍👧🇫🇷 done.';
for (const granularity of ['grapheme', 'word', 'sentence']) {
  const segments = new Intl.Segmenter('en', { granularity }).segment(text);
  show(`${granularity} segments`, () => [...segments].map((s) => (granularity === 'word' ? [s.segment, s.index, s.isWordLike] : [s.segment, s.index])));
  show(`${granularity} keys`, () => Object.keys(segments.containing(0)));
  show(`${granularity} containing(8)`, () => segments.containing(8));
  show(`${granularity} containing(-1)`, () => segments.containing(-1) === undefined);
  show(`${granularity} containing(length)`, () => segments.containing(text.length) === undefined);
  show(`${granularity} containing('3.9')`, () => segments.containing('3.9').segment);
}
show('words: Chinese and Thai', () => [...new Intl.Segmenter('zh', { granularity: 'word' }).segment('我是中国人。ทุกสองสัปดาห์')].map((s) => [s.segment, s.isWordLike]));
show('empty string', () => [...new Intl.Segmenter().segment('')]);
show('lone surrogate', () => [...new Intl.Segmenter().segment('a\ud800b')].map((s) => [s.segment.length, s.index]));
const segments = new Intl.Segmenter().segment('ab');
const iterator = segments[Symbol.iterator]();
show('iterator tag', () => Object.prototype.toString.call(iterator));
show('iterator own', () => Object.getOwnPropertyNames(Object.getPrototypeOf(iterator)));
show('iterator is an Iterator', () => typeof iterator[Symbol.iterator] === 'function' && iterator[Symbol.iterator]() === iterator);
show('next', () => [iterator.next(), iterator.next(), iterator.next()]);
show('Segments own', () => Object.getOwnPropertyNames(Object.getPrototypeOf(segments)));
show('Segments tag', () => Object.prototype.toString.call(segments));
show('containing on {}', () => segments.containing.call({}, 0));
show('next on {}', () => iterator.next.call({}));
show('number coerced', () => [...new Intl.Segmenter().segment(12)].map((s) => s.segment));
