import { of, timer, zip, lastValueFrom, scan } from 'rxjs'; import { map } from 'rxjs/operators';
console.log(await lastValueFrom(of(1,2,3).pipe(scan((a, b) => a + b, 0), map(x => x * 2))));
zip(of('a','b'), timer(3)).subscribe(v => console.log('zip', v));
