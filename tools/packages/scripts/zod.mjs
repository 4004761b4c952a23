import { z } from 'zod'; import * as zm from 'zod/mini';
console.log(z.enum(['a','b']).options, z.union([z.string(), z.number()]).parse(3), typeof zm.object);
console.log(JSON.stringify(z.toJSONSchema(z.object({ a: z.string() }))));
