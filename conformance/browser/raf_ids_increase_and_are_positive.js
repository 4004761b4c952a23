// requestAnimationFrame returns increasing positive ids.
const log = (s) => console.log(s);
const ids = [];
for (let i = 0; i < 3; i++) ids.push(requestAnimationFrame(() => {}));
log('positive ' + ids.every((x) => x > 0) + ' increasing ' + (ids[0] < ids[1] && ids[1] < ids[2]));
requestAnimationFrame(() => { log('frame ran'); console.log('__done__'); });
