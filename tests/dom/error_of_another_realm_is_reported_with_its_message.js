for (const s of document.querySelectorAll('script')) s.remove();
// An exception whose value is an Error made in an iframe's realm, thrown in
// this window's timer: reported at this window, with its name and message.
const frame = document.body.appendChild(document.createElement('iframe'));
window.addEventListener('error', (e) => {
  console.log('error event: ' + e.message);
  console.log('error is the thrown value: ' + (e.error instanceof frame.contentWindow.Error));
  e.preventDefault();
});
setTimeout(() => { throw new frame.contentWindow.Error('made in the iframe'); }, 0);
setTimeout(() => { throw new frame.contentWindow.TypeError('also made there'); }, 10);
