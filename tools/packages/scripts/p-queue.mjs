import PQueue from 'p-queue'; const q = new PQueue({ intervalCap: 2, interval: 50 });
const r = await Promise.all([1,2,3,4].map(i => q.add(async () => { console.log('run', i); return i * i }))); console.log(r);
