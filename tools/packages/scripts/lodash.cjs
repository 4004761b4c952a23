const _ = require('lodash');
console.log(_.chunk([1,2,3,4,5], 2), _.uniq([1,1,2]), _.camelCase('foo bar-baz'), _.get({a:{b:[1,{c:3}]}}, 'a.b[1].c'));
console.log(_.groupBy([6.1, 4.2, 6.3], Math.floor), _.debounce !== undefined, _.VERSION);
