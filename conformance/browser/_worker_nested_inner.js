self.onmessage = (e) => self.postMessage('inner got ' + e.data + ' (' + typeof Worker + ')');
