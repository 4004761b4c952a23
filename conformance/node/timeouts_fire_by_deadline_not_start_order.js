// Timers with distinct delays fire by deadline, whatever their start order.
const log = (s) => console.log(s);
setTimeout(() => log('30'), 30);
setTimeout(() => log('10'), 10);
setTimeout(() => log('20'), 20);
setTimeout(() => log('40'), 40);
setTimeout(() => log('5'), 5);
