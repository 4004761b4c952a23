import EE, { EventEmitter } from 'eventemitter3';
const e = new EventEmitter(); e.on('y', v => console.log('y', v)); e.emit('y', 5); console.log(EE === EventEmitter);
