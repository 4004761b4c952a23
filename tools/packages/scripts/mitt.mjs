import mitt from 'mitt';
const m = mitt(); m.on('a', e => console.log('a', e)); m.emit('a', 1); console.log(m.all.size);
