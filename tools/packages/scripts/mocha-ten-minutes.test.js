describe('long', function () {
  this.timeout(0);
  it('waits 10 minutes of timers', async function () {
    for (let i = 0; i < 10; i++) await new Promise(r => setTimeout(r, 60000));
    console.log('waited');
  });
});
