log('external script runs, currentScript ' + (document.currentScript && document.currentScript.src.split('/').pop()));
