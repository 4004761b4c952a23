// node tests/node/eval_code_runs_as_its_input_type_or_detected_syntax.js
// Code from -e or standard input runs as CommonJS unless it only compiles
// as an ES module (Node 24's syntax detection), or as --input-type says
// (lib/internal/process/execution.js); assert.ok quotes the failed call in
// both (test-assert-esm-cjs-message-verify.js). An unknown type is exit 9.
// (A CommonJS eval with import fails: status 1; QuickJS's SyntaxError
// message differs from V8's, so it is not printed.)
'use strict';
const { spawnSync } = require('child_process');
function run(args, input) {
  const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
  const assertion = r.stderr.split('\n').find((s) => s.startsWith('AssertionError'));
  console.log(`${JSON.stringify(args.slice(0, -1))}: status ${r.status}, stdout ${JSON.stringify(r.stdout)}${assertion ? `, ${assertion}` : ''}`);
}
run(['-e', 'console.log(typeof require, typeof module)']);
run(['-e', 'import fs from "fs"; console.log(typeof require, typeof fs.readFileSync)']);
run(['-e', 'console.log(await Promise.resolve("top-level await"))']);
run(['--input-type=module', '-e', 'console.log(typeof require, typeof exports)']);
run(['--input-type', 'commonjs', '-e', 'console.log(typeof require, typeof exports)']);
run(['--input-type=commonjs', '-e', 'import fs from "fs";']);
run(['--input-type', 'commonjs', '--eval', 'const assert = require("assert");\nassert.ok(0 === 2);\n']);
run(['--input-type', 'module', '--eval', 'import assert from "assert";\nassert.ok(0 === 2);\n']);
run(['-e', 'import assert from "assert";\nassert.ok(typeof require === "function");\n']);
run(['--input-type=module', '-'], 'import { sep } from "path"; console.log("stdin module", sep, typeof require);\n');
run(['-'], 'export const x = 1; console.log("stdin detected", typeof require);\n');
run(['--input-type=nope', '-e', '1']);
