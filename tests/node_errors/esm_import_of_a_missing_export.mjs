// Recorded with Node 24: node tests/node_errors/esm_import_of_a_missing_export.mjs 2> tests/node_errors/esm_import_of_a_missing_export.err
// An import of a name the module does not export: a SyntaxError at the
// import, before anything runs.
import { present, absent as renamed } from './_exports.mjs';
console.log('never printed', present, renamed);
