// Recorded with Node 24: node tests/node_errors/esm_default_import_of_a_module_without_one.mjs 2> tests/node_errors/esm_default_import_of_a_module_without_one.err
// A default import of a module that has no default export.
import everything from "./_exports.mjs";
console.log('never printed', everything);
