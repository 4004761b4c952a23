import { twice } from './_worker_module_lib.js';
let imported;
try { importScripts('_worker_helper.js'); imported = 'yes'; } catch (e) { imported = e.name; }
self.postMessage(`twice(21) = ${twice(21)}, this is ${typeof this}, importScripts: ${imported}`);
