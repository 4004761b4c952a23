const mitt = require('mitt');
const m = (mitt.default || mitt)(); m.on('*', (t, e) => console.log('all', t, e)); m.on('a', e => console.log('a', e)); m.emit('a', {v:1}); m.all.clear(); m.emit('a', 2); console.log(typeof mitt);
