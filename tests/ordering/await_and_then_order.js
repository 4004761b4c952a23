// Seed 001's async function, without the DOM parts: await takes microtask
// turns, and reactions interleave with it in queue order.
Promise.resolve().then(() => {
  console.log('promise callback before');
});
Promise.resolve(555).then(() => {
  console.log('promise callback after');
});
const dd = async () => {
  console.log('before: await');
  const q = Promise.resolve(55).then(() => {
    console.log('then q');
  });
  await q;
  console.log('after:await q');
  q.then(() => {
    console.log('after:await q then');
  });
};
dd();
setTimeout(() => console.log('setTimeout callback'));
console.log('script end');
