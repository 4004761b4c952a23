const PQueue = require('p-queue').default;
const q = new PQueue({ concurrency: 2 }); q.on('active', () => console.log('active', q.size, q.pending)); q.on('idle', () => console.log('idle'));
for (const i of [30, 10, 20]) q.add(() => new Promise(r => setTimeout(() => { console.log('done', i); r(i) }, i)));
q.add(() => 'prio', { priority: 5 }).then(v => console.log(v)); q.onIdle().then(() => console.log('onIdle', q.size, q.pending));
