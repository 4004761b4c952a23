// dom_mutations: N DOM mutations (attribute changes and appended children)
// in one task, observed by one MutationObserver: one callback, N records.
// A classic script for the browser host (jsloop --host browser).
(function () {
  const N = Math.round(100_000 * (globalThis.BENCH_SCALE ?? 1));
  const root = document.createElement('div');
  document.body.appendChild(root);
  let records = 0;
  let callbacks = 0;
  new MutationObserver((list) => { records += list.length; callbacks++; }).observe(root, { attributes: true, childList: true });
  for (let i = 0; i < N; i++) {
    if (i % 2) root.setAttribute('data-i', String(i));
    else root.appendChild(document.createElement('span'));
  }
  setTimeout(() => console.log(`dom_mutations ${N} records=${records} callbacks=${callbacks} children=${root.childElementCount}`), 0);
})();
