// alert, confirm and prompt when no dialog can be shown: they return at
// once (confirm false, prompt null). The recorder's Chromium dismisses
// every dialog (Playwright's default), which gives the same results.
console.log(String(alert('hi')), confirm('sure?'), prompt('name?', 'x'));
console.log(alert.length, confirm.length, prompt.length, typeof print);
