// The arguments of ResizeObserver, IntersectionObserver and DOMRect: their
// conversions and errors, as Chromium has them, and the viewport's size
// (jsloop's is headless Chromium's default window, 1280x720).
const tryIt = (f) => { try { const v = f(); console.log('ok', v); } catch (e) { console.log(e.name + ':', e.message); } };
tryIt(() => new ResizeObserver());
tryIt(() => new ResizeObserver(1));
tryIt(() => new ResizeObserver(() => {}).observe(document));
tryIt(() => new ResizeObserver(() => {}).observe(document.body, { box: 'padding-box' }));
tryIt(() => new ResizeObserver(() => {}).unobserve({}));
tryIt(() => new IntersectionObserver());
tryIt(() => new IntersectionObserver(null));
tryIt(() => new IntersectionObserver(() => {}, { threshold: 2 }));
tryIt(() => new IntersectionObserver(() => {}, { threshold: [0.5, -1] }));
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: '10em' }));
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: '1px 2px 3px 4px 5px' }));
tryIt(() => new IntersectionObserver(() => {}, { root: {} }));
tryIt(() => new IntersectionObserver(() => {}).observe('x'));
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: '10px' }).rootMargin);
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: '10px 5%' }).rootMargin);
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: '1in 0 2pc' }).rootMargin);
tryIt(() => new IntersectionObserver(() => {}, { rootMargin: ' -1px 2px  3px ' }).rootMargin);
tryIt(() => new IntersectionObserver(() => {}, { threshold: [1, 0.25, 0, 0.25] }).thresholds.join());
tryIt(() => new IntersectionObserver(() => {}, { threshold: [] }).thresholds.join());
tryIt(() => new IntersectionObserver(() => {}, { threshold: 0.25 }).thresholds.join());
tryIt(() => { const io = new IntersectionObserver(() => {}); return [io.delay, io.trackVisibility, io.root, Object.isFrozen(io.thresholds)].join(); });
tryIt(() => JSON.stringify(new DOMRect(1, 2, -3, 4)));
tryIt(() => JSON.stringify(DOMRectReadOnly.fromRect({ x: 5, width: 2 })));
tryIt(() => { const r = new DOMRect(); r.x = '7'; r.width = 3; return [r.x, r.left, r.right, r instanceof DOMRectReadOnly].join(); });
tryIt(() => { const r = new DOMRectReadOnly(1, 1, 1, 1); r.x = 9; return r.x; });
tryIt(() => [innerWidth, innerHeight, outerWidth, outerHeight, devicePixelRatio, scrollX, scrollY, pageXOffset, pageYOffset].join());
tryIt(() => { innerWidth = 5; return innerWidth; });
tryIt(() => document.createElement('div').getBoundingClientRect() instanceof DOMRect);
