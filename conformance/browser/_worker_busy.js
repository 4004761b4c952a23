self.postMessage('busy from now on');
for (;;) {}
