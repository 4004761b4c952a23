const pRetry = require('p-retry').default; const { AbortError } = require('p-retry');
let n = 0;
pRetry(async () => { n++; if (n < 3) throw new Error('fail ' + n); return 'ok ' + n; }, { retries: 5, minTimeout: 1, onFailedAttempt: (e) => console.log('attempt', e.attemptNumber, e.retriesLeft, e.error ? e.error.message : e.message) }).then(console.log);
pRetry(async () => { throw new AbortError('stop'); }).catch(e => console.log('aborted', e.name, e.message));
