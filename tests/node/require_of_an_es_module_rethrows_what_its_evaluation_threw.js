// Recorded with: node tests/node/require_of_an_es_module_rethrows_what_its_evaluation_threw.js > tests/node/require_of_an_es_module_rethrows_what_its_evaluation_threw.out
// require() of an ES module whose evaluation throws rethrows that very value
// (Node 24's require(esm), lib/internal/modules/cjs/loader.js loadESMFromCJS):
// the error itself, through an importing module too, and a thrown non-Error;
// a second require() of it throws the same value again (the module record
// keeps its evaluation error). process.features.require_module says that
// require(esm) is there (mocha checks it).
const thrown = [];
for (const file of ['throws.mjs', 'imports_throwing.mjs', 'throws_value.mjs', 'throws.mjs']) {
  try {
    require(`./fixtures/require_esm/${file}`);
    console.log(file, 'did not throw');
  } catch (e) {
    thrown.push(e);
    console.log(file, typeof e, e instanceof Error ? `${e.name}: ${e.message}` : e);
  }
}
console.log('same error through the importer:', thrown[0] === thrown[1]);
console.log('same error on a second require:', thrown[0] === thrown[3]);
console.log('require_module:', process.features.require_module);
const desc = Object.getOwnPropertyDescriptor(process.features, 'require_module');
console.log('a getter:', typeof desc.get, desc.enumerable);
