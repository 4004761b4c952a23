import delay from 'delay'; console.log(await delay(5, { value: 42 }));
