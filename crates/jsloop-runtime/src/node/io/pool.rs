//! libuv's thread pool (src/threadpool.c): `UV_THREADPOOL_SIZE` threads (4
//! unless it says otherwise), started on first use, taking work in the
//! order it was submitted.
use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

pub(super) type Job = Box<dyn FnOnce() + Send>;

/// libuv's thread pool: started on first use, `UV_THREADPOOL_SIZE` threads.
pub(super) struct ThreadPool {
    queue: Arc<(Mutex<VecDeque<Job>>, Condvar)>,
    started: Cell<bool>,
}

impl ThreadPool {
    pub(super) fn new() -> Self {
        ThreadPool {
            queue: Arc::new((Mutex::new(VecDeque::new()), Condvar::new())),
            started: Cell::new(false),
        }
    }

    fn size() -> usize {
        std::env::var("UV_THREADPOOL_SIZE").ok().and_then(|s| s.parse().ok()).unwrap_or(4).clamp(1, 1024)
    }

    pub(super) fn execute(&self, job: Job) {
        if !self.started.replace(true) {
            for _ in 0..Self::size() {
                let queue = self.queue.clone();
                std::thread::spawn(move || loop {
                    let job = {
                        let (lock, cvar) = &*queue;
                        let mut q = lock.lock().unwrap_or_else(|e| e.into_inner());
                        loop {
                            if let Some(j) = q.pop_front() {
                                break j;
                            }
                            q = cvar.wait(q).unwrap_or_else(|e| e.into_inner());
                        }
                    };
                    job();
                });
            }
        }
        let (lock, cvar) = &*self.queue;
        lock.lock().unwrap_or_else(|e| e.into_inner()).push_back(job);
        cvar.notify_one();
    }
}
