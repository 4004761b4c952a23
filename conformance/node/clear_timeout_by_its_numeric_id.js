// A Timeout converts to a number, and clearTimeout accepts that number.
const log = (s) => console.log(s);
setImmediate(() => {
  const t = setTimeout(() => log('cleared by id: never printed'), 30);
  const id = +t;
  log('id is a number ' + (typeof id === 'number' && id > 0));
  clearTimeout(id);
  const i = setInterval(() => log('interval cleared by id: never printed'), 20);
  clearInterval(Number(i));
  setTimeout(() => log('other timer'), 60);
});
