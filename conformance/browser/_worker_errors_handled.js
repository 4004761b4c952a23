self.onerror = (message) => {
  self.postMessage('worker handled: ' + message);
  return true;
};
setTimeout(() => { throw new Error('handled inside'); }, 0);
