throw new TypeError('boom in a worker');
