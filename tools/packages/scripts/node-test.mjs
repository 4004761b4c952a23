import { test, describe, it, before, after, beforeEach, mock } from 'node:test';
import assert from 'node:assert';
describe('suite', () => {
  before(() => console.log('before'));
  it('passes', () => { assert.equal(1, 1); });
  it('async', async () => { await new Promise(r => setTimeout(r, 10)); });
  it('fails', () => { assert.strictEqual(1, 2); });
  it.skip('skipped', () => {});
  it.todo('todo');
});
test('subtests', async (t) => {
  await t.test('inner', () => {});
  t.diagnostic('a note');
});
test('mock timers', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let fired = false; setTimeout(() => { fired = true; }, 5000);
  t.mock.timers.tick(5000); assert.ok(fired);
});
