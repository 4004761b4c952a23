console.log('never runs');
let = = 1;
