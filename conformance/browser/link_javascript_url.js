// An a element's activation behavior follows the hyperlink; a javascript:
// URL's script runs in a task queued on the navigation and traversal task
// source, its source percent-decoded.
const log = (s) => console.log(String(s));
window.ran = (what) => log('ran ' + what);
const a = document.createElement('a');
a.href = "javascript:ran('a%20b%C3%A9')";
document.body.append(a);
a.addEventListener('click', () => log('click listener'));
a.click();
log('after click');
Promise.resolve().then(() => log('microtask'));
setTimeout(() => {
  const outer = document.createElement('a');
  outer.href = "javascript:ran('outer')";
  const inner = outer.appendChild(document.createElement('a'));
  inner.href = "javascript:ran('inner')";
  document.body.append(outer);
  inner.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const canceled = document.createElement('a');
  canceled.href = "javascript:ran('canceled')";
  document.body.append(canceled);
  canceled.addEventListener('click', (e) => e.preventDefault());
  canceled.click();
  const detached = document.createElement('a');
  detached.href = "javascript:ran('detached')";
  detached.click();
  const noHref = document.createElement('a');
  const inside = noHref.appendChild(document.createElement('a'));
  inside.href = "javascript:ran('inside an a without href')";
  document.body.append(noHref);
  inside.click();
  setTimeout(() => log('__done__'), 100);
}, 100);
