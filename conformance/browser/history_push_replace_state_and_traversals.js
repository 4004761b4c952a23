// history: pushState and replaceState change the URL and the state at
// once and fire nothing; back, forward and go traverse later, in a task,
// firing popstate (and hashchange when only the fragment changed).
const out = (s) => console.log(s);
const tryIt = (what, f) => { try { out(what + ': ' + String(f())); } catch (e) { out(what + ': ' + e.name + ': ' + e.message); } };
const initial = history.length;
const len = () => history.length - initial;
out(Object.prototype.toString.call(history) + ' ' + (history instanceof History) + ' ' + history.state + ' ' + history.scrollRestoration);
addEventListener('popstate', (e) => out('popstate ' + JSON.stringify(e.state) + ' ' + (e instanceof PopStateEvent) + ' ' + e.isTrusted + ' ' + e.bubbles + ' ' + e.cancelable + ' search ' + location.search + ' hash ' + location.hash + ' length +' + len()));
const tail = (u) => { const x = new URL(u); return x.search + x.hash; };
addEventListener('hashchange', (e) => out('hashchange ' + (e instanceof HashChangeEvent) + ' ' + e.isTrusted + ' ' + tail(e.oldURL) + ' -> ' + tail(e.newURL) + ' now ' + location.hash));
const state = { n: 1, list: [1, 2] };
history.pushState(state, '', '?page=1');
out('after push: ' + location.search + ' ' + JSON.stringify(history.state) + ' copy ' + (history.state !== state) + ' same ' + (history.state === history.state) + ' length +' + len());
history.pushState({ n: 2 }, '', '#two');
out('after push 2: ' + location.search + location.hash + ' ' + JSON.stringify(history.state) + ' +' + len());
history.replaceState(null, '', '?page=1#three');
out('after replace: ' + location.search + location.hash + ' ' + history.state + ' +' + len());
history.pushState('four', '');
out('push without url: ' + location.search + location.hash + ' ' + history.state + ' +' + len());
tryIt('pushState()', () => history.pushState());
tryIt('pushState(1)', () => history.pushState(1));
tryIt('pushState function', () => history.pushState(() => {}, ''));
try { history.pushState(null, '', 'http://example.com/'); } catch (e) { out('pushState other origin: ' + e.name); }
tryIt('scrollRestoration manual', () => { history.scrollRestoration = 'manual'; return history.scrollRestoration; });
tryIt('new History()', () => new History());
tryIt('new PopStateEvent', () => new PopStateEvent('popstate', { state: 5 }).state);
out('document.URL: ' + tail(document.URL) + ' location.href: ' + tail(location.href));
history.back();
out('back() returned: ' + location.search + location.hash + ' ' + history.state);
Promise.resolve().then(() => out('microtask after back()'));
setTimeout(() => {
  out('-- go(-1)');
  history.go(-1);
  setTimeout(() => {
    out('-- forward()');
    history.forward();
    setTimeout(() => {
      out('-- go(10) does nothing');
      history.go(10);
      setTimeout(() => out('__done__'), 200);
    }, 200);
  }, 200);
}, 200);
