import { v4, v3, v6, validate } from 'uuid'; console.log(validate(v4()), v3('x', v3.URL), v6().length);
