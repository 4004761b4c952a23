//! libuv's thread pool (src/threadpool.c): `UV_THREADPOOL_SIZE` threads (4
//! unless it says otherwise), started on first use, taking work in the
//! order it was submitted.
use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use mio::Waker;

use super::{FsResult, RequestId};

pub(super) type Job = Box<dyn FnOnce() + Send>;

/// The queue and who sleeps on it (threadpool.c's `wq`, `idle_threads`).
#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// Workers waiting on the condition variable.
    idle: usize,
    /// Signals sent that no worker has woken from yet: each will wake one
    /// of the idle workers, which takes every job queued by then.
    signalled: usize,
}

/// libuv's thread pool: started on first use, `UV_THREADPOOL_SIZE` threads.
pub(super) struct ThreadPool {
    queue: Arc<(Mutex<Queue>, Condvar)>,
    started: Cell<bool>,
}

impl ThreadPool {
    pub(super) fn new() -> Self {
        ThreadPool {
            queue: Arc::new((Mutex::new(Queue::default()), Condvar::new())),
            started: Cell::new(false),
        }
    }

    fn size() -> usize {
        std::env::var("UV_THREADPOOL_SIZE").ok().and_then(|s| s.parse().ok()).unwrap_or(4).clamp(1, 1024)
    }

    /// threadpool.c's `worker`: takes the queue's jobs in order while there
    /// are any (without sleeping between them), and sleeps when it is empty.
    fn worker(queue: &(Mutex<Queue>, Condvar)) {
        let (lock, cvar) = queue;
        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(job) = q.jobs.pop_front() {
                // More queued than this worker takes: one more worker, so
                // the loop's thread signals at most one at a time.
                if !q.jobs.is_empty() && q.idle > q.signalled {
                    q.signalled += 1;
                    cvar.notify_one();
                }
                drop(q);
                job();
                q = lock.lock().unwrap_or_else(|e| e.into_inner());
                continue;
            }
            q.idle += 1;
            q = cvar.wait(q).unwrap_or_else(|e| e.into_inner());
            q.idle -= 1;
            q.signalled = q.signalled.saturating_sub(1);
        }
    }

    /// threadpool.c's `post`: queue the job, and signal a sleeping worker
    /// only when no signal is already on its way (libuv signals whenever
    /// `idle_threads > 0`); the worker it wakes signals the next when it
    /// leaves jobs queued (`worker`), so the pool grows to the work while
    /// a burst of short requests wakes one worker, not one per request,
    /// and the loop's thread makes one system call for the burst.
    pub(super) fn execute(&self, job: Job) {
        if !self.started.replace(true) {
            for _ in 0..Self::size() {
                let queue = self.queue.clone();
                std::thread::spawn(move || Self::worker(&queue));
            }
        }
        let (lock, cvar) = &*self.queue;
        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
        q.jobs.push_back(job);
        if q.idle > q.signalled && q.signalled == 0 {
            q.signalled += 1;
            cvar.notify_one();
        }
    }
}

/// The list a finished request goes on (threadpool.c's `loop->wq` of done
/// work) and the async handle that tells the loop (`loop->wq_async`): a
/// worker pushes its result under the list's lock and writes the loop's
/// wake-up descriptor only when the handle is not already pending
/// (`uv_async_send` coalesces); the loop clears the flag before it takes
/// the list (`uv__async_io`), so a result pushed after that writes it
/// again and none is left unseen. (One lock and a push a result, where a
/// channel cost a few hundred instructions on each side.)
pub(super) struct Completions {
    list: Mutex<DoneList>,
    /// Signalled when a result arrives while the loop's thread waits for
    /// one (`wait`).
    arrived: Condvar,
    pending: AtomicBool,
    waker: Arc<Waker>,
}

#[derive(Default)]
struct DoneList {
    results: Vec<(RequestId, FsResult)>,
    /// The loop's thread waits on `arrived`.
    waiting: bool,
}

impl Completions {
    pub(super) fn new(waker: Arc<Waker>) -> Self {
        Completions {
            list: Mutex::new(DoneList::default()),
            arrived: Condvar::new(),
            pending: AtomicBool::new(false),
            waker,
        }
    }

    /// A worker's result (threadpool.c's `worker`: the request on the done
    /// queue, then `uv_async_send`).
    pub(super) fn push(&self, id: RequestId, result: FsResult) {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.results.push((id, result));
        let waiting = list.waiting;
        drop(list);
        if waiting {
            self.arrived.notify_one();
        }
        if !self.pending.swap(true, Ordering::SeqCst) {
            let _ = self.waker.wake();
        }
    }

    /// The results pushed so far, in the order they were pushed.
    pub(super) fn take(&self, into: &mut Vec<(RequestId, FsResult)>) {
        self.pending.store(false, Ordering::SeqCst);
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        into.append(&mut list.results);
    }

    /// [`take`](Self::take), waiting up to `timeout` for a result when
    /// there is none yet.
    pub(super) fn wait(&self, into: &mut Vec<(RequestId, FsResult)>, timeout: Duration) {
        self.pending.store(false, Ordering::SeqCst);
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        if list.results.is_empty() {
            list.waiting = true;
            list = self.arrived.wait_timeout(list, timeout).unwrap_or_else(|e| e.into_inner()).0;
            list.waiting = false;
        }
        into.append(&mut list.results);
    }
}
