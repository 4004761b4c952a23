import _ from 'lodash';
console.log(_.chunk([1,2,3,4,5], 2), _.kebabCase('fooBar'), _.sortBy([{a:3},{a:1}], 'a'));
