// scheduler.postTask: a user-blocking task runs before a timer queued
// earlier, a user-visible one after it (in the order they were queued), a
// background one last; scheduler.yield() outside a postTask callback
// resumes as a user-visible continuation, before the timer.
setTimeout(() => console.log('timeout 0'), 0);
scheduler.postTask(() => console.log('background'), { priority: 'background' });
scheduler.postTask(() => console.log('user-visible'));
scheduler.postTask(() => console.log('user-blocking'), { priority: 'user-blocking' });
scheduler.yield().then(() => console.log('after scheduler.yield()'));
console.log('script');
