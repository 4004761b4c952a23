import { twice } from './_module_lib.js';
log('module main: twice(21) = ' + twice(21) + ', this ' + this);
