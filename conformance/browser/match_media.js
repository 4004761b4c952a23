// matchMedia against jsloop's screen (headless Chromium's: 1280x720, one
// device pixel a CSS pixel, colour, no hover or pointer, light scheme): which
// queries match and how each is serialized; MediaQueryList; and the window's
// isSecureContext, crossOriginIsolated and scroll methods.
const q = (s) => { try { const m = matchMedia(s); return `${JSON.stringify(s)}:${m.matches}:${JSON.stringify(m.media)}`; } catch (e) { return `${s}: ${e.name} ${e.message}`; } };
console.log(['(min-width: 800px)', '(max-width: 800px)', '(width: 1280px)', '(min-height: 700px)', '(orientation: landscape)', '(orientation: portrait)', 'screen', 'print', 'all', 'screen and (min-width: 100px)', 'not print', '(prefers-color-scheme: dark)', '(prefers-color-scheme: light)', '(prefers-reduced-motion: reduce)', '(hover: hover)', '(pointer: fine)', '(any-hover: hover)', '', 'garbage(', '(min-width: 50em)', '(max-width: 600px), (min-width: 1000px)', '(aspect-ratio: 16/9)', '(min-resolution: 2dppx)', '(display-mode: browser)', '(forced-colors: none)', '(color)', '(monochrome)', 'SCREEN and (MIN-WIDTH:100PX)'].map(q).join('\n'));
const m = matchMedia('(min-width: 800px)');
console.log(m instanceof EventTarget, String(m), typeof m.addListener, typeof m.onchange, Object.getOwnPropertyNames(MediaQueryList.prototype).sort().join());
console.log(isSecureContext, crossOriginIsolated, typeof scrollTo, typeof scroll, typeof scrollBy, scrollTo(0, 100) instanceof Promise, scrollY);
try { matchMedia(); } catch (e) { console.log(e.name, e.message); }
