const async = require('async');
async.mapLimit([3,1,2], 2, (x, cb) => setTimeout(() => cb(null, x*2), x*10), (e, r) => console.log('mapLimit', e, r));
async.series([cb => cb(null, 1), cb => setImmediate(() => cb(null, 2))]).then(r => console.log('series', r));
async.waterfall([cb => cb(null, 1), (a, cb) => cb(null, a + 1)], (e, r) => console.log('waterfall', r));
