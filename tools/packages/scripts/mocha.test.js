const assert = require('assert');
describe('math', function () {
  before(() => console.log('before'));
  beforeEach(function () { this.x = 2; });
  it('adds', function () { assert.strictEqual(1 + this.x, 3); });
  it('async waits', async function () { await new Promise(r => setTimeout(r, 20)); });
  it('callback', function (done) { setImmediate(done); });
  it.skip('skipped', function () {});
  it('fails', function () { assert.deepStrictEqual({ a: 1 }, { a: 2 }); });
  describe('nested', function () {
    it('pending');
    it('throws', function () { throw new TypeError('boom'); });
  });
});
