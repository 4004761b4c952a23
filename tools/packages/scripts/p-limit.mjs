import pLimit from 'p-limit';
const limit = pLimit(1); const r = await Promise.all([3,1,2].map(i => limit(() => new Promise(res => setTimeout(() => { console.log('done', i); res(i) }, i)))));
console.log(r);
