// takeRecords empties the queue (no callback for what it took); disconnect
// drops pending records and stops observing; observing again replaces the options.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const box = document.createElement('div');
document.body.appendChild(box);
const mo = new MutationObserver((rs) => console.log('callback:', rs.map((r) => r.type + (r.attributeName ? ':' + r.attributeName : '')).join(' ')));
mo.observe(box, { attributes: true });
box.setAttribute('a', '1');
box.setAttribute('b', '1');
const taken = mo.takeRecords();
console.log('took', taken.length, taken.map((r) => r.attributeName).join(','), 'then', mo.takeRecords().length);
box.setAttribute('c', '1');
Promise.resolve().then(() => {
  console.log('microtask 1');
  box.setAttribute('d', '1');
  mo.disconnect();
  box.setAttribute('e', '1');
  console.log('disconnected');
  mo.observe(box, { attributes: true, attributeFilter: ['keep'] });
  box.setAttribute('drop', '1');
  box.setAttribute('keep', '1');
  mo.observe(box, { childList: true });
  box.setAttribute('keep', '2');
  box.append('child');
});
console.log('script end');
try { mo.observe(box, {}); } catch (e) { console.log(e.name + ': ' + e.message); }
try { mo.observe(box, { attributes: false, attributeOldValue: true }); } catch (e) { console.log(e.name + ': ' + e.message); }
try { mo.observe(box, { attributes: false, attributeFilter: [] }); } catch (e) { console.log(e.name + ': ' + e.message); }
try { mo.observe(box, { characterData: false, characterDataOldValue: true }); } catch (e) { console.log(e.name + ': ' + e.message); }
try { mo.observe({}, { childList: true }); } catch (e) { console.log(e.name); }
try { new MutationObserver(); } catch (e) { console.log(e.name); }
