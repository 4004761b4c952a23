const { z } = require('zod');
const S = z.object({ name: z.string().min(2), age: z.number().int().positive(), tags: z.array(z.string()).default([]) });
console.log(S.parse({ name: 'Al', age: 3 }));
const r = S.safeParse({ name: 'A', age: -1.5 }); console.log(r.success, r.error.issues.map(i => [i.path.join('.'), i.code, i.message]));
try { z.string().parse(5) } catch (e) { console.log(e.name, e.constructor.name, e.issues[0].message) }
