import { test } from 'node:test';
test('waits 10 minutes of timers', async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 60000));
  console.log('waited');
});
