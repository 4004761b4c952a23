const { of, from, interval, map, filter, take, mergeMap, firstValueFrom, Subject } = require('rxjs');
of(1,2,3,4).pipe(filter(x => x % 2 === 0), map(x => x * 10)).subscribe({ next: v => console.log('of', v), complete: () => console.log('complete') });
interval(5).pipe(take(3)).subscribe(v => console.log('interval', v));
const s = new Subject(); s.subscribe(v => console.log('subject', v)); s.next('a'); s.complete();
firstValueFrom(from(Promise.resolve(7)).pipe(mergeMap(x => of(x, x + 1)))).then(v => console.log('first', v));
