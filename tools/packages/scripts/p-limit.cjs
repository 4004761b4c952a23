const pLimit = require('p-limit').default || require('p-limit');
const limit = pLimit(2); let active = 0;
const t = (i) => limit(async () => { active++; console.log('start', i, active); await new Promise(r => setTimeout(r, 10)); active--; return i; });
Promise.all([1,2,3,4].map(t)).then(r => console.log(r, limit.activeCount, limit.pendingCount));
