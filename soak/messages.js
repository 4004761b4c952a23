// Soak: 1,000,000 MessageChannel messages (browser host).
// Run: soak/rss.py messages -- jsloop run soak/messages.js --host browser --clock virtual
//
// port1 posts a batch of 1,000 messages (a small object each, so every one
// is structured-cloned); port2 counts them and, when a batch is in, asks for
// the next one with a message back. Every message is a task on the posted
// message task source.
const TOTAL = 1_000_000;
const BATCH = 1000;
const { port1, port2 } = new MessageChannel();
let sent = 0;
let received = 0;
let sum = 0;
function sendBatch() {
  for (let k = 0; k < BATCH && sent < TOTAL; k++, sent++) port1.postMessage({ n: sent, tag: 'm', list: [sent & 7] });
}
port2.onmessage = (e) => {
  received++;
  sum += e.data.n + e.data.list[0];
  if (received % BATCH === 0) port2.postMessage('more');
  if (received % 100_000 === 0) console.error(`PROGRESS ${received}`);
};
port1.onmessage = () => {
  if (sent < TOTAL) sendBatch();
  else {
    console.log(`DONE received=${received} sum=${sum}`);
    port1.close();
    port2.close();
  }
};
console.error('START');
sendBatch();
