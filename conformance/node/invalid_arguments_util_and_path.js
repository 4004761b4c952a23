// Invalid arguments to util and path functions throw Node's
// ERR_INVALID_ARG_TYPE with its message.
const util = require('util');
const path = require('path');
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' ' + e.code + ' ' + e.message);
  }
}
attempt('util.promisify(1)', () => util.promisify(1));
attempt('util.promisify()', () => util.promisify());
attempt('util.callbackify("x")', () => util.callbackify('x'));
attempt('util.inherits(1, 2)', () => util.inherits(1, 2));
attempt('path.join("a", 1)', () => path.join('a', 1));
attempt('path.join(null)', () => path.join(null));
attempt('path.join(function)', () => path.join(function named() {}));
attempt('path.resolve({})', () => path.resolve({}));
attempt('path.resolve("a", 2)', () => path.resolve('a', 2));
attempt('path.basename(1)', () => path.basename(1));
attempt('path.basename("a", 1)', () => path.basename('a', 1));
attempt('path.extname()', () => path.extname());
attempt('path.dirname(null)', () => path.dirname(null));
attempt('path.normalize(true)', () => path.normalize(true));
attempt('path.relative("a", 2)', () => path.relative('a', 2));
attempt('path.relative(1, "a")', () => path.relative(1, 'a'));
attempt('path.isAbsolute(3)', () => path.isAbsolute(3));
attempt('path.parse(3)', () => path.parse(3));
attempt('path.format("x")', () => path.format('x'));
attempt('path.format(null)', () => path.format(null));
attempt('path.toNamespacedPath(1)', () => path.toNamespacedPath(1));
