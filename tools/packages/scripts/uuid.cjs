const { v4, v5, v7, validate, version, parse, stringify, NIL, MAX, v1 } = require('uuid');
const a = v4(); console.log(validate(a), version(a), a.length, v5('hello', v5.DNS), NIL, MAX, validate('nope'));
console.log(stringify(parse('6ba7b810-9dad-11d1-80b4-00c04fd430c8')), version(v7()), version(v1()));
console.log(v4({ random: new Uint8Array(16).fill(7) }));
