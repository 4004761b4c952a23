//! What the agents of one page (its window's, its iframes' and its
//! workers', on their threads) share: the BroadcastChannel objects
//! (broadcast.rs) and the Web Locks lock manager (locks.rs), one of each
//! for the page, as a browser has one per storage key.
use std::sync::{Arc, Mutex, MutexGuard};

/// The page's shared state.
#[derive(Default)]
pub(crate) struct Shared {
    pub(super) broadcast: super::broadcast::Registry,
    /// The page's shared workers, by constructor URL and name.
    pub(super) shared_workers: std::collections::HashMap<(String, String), SharedWorker>,
    pub(super) locks: super::locks::LockManager,
}

/// [`Shared`] as the threads hold it.
pub(crate) type SharedAgents = Arc<Mutex<Shared>>;

pub(super) fn lock(r: &SharedAgents) -> MutexGuard<'_, Shared> {
    r.lock().unwrap_or_else(|e| e.into_inner())
}

/// A shared worker, as the windows that connect to it reach it.
pub(crate) struct SharedWorker {
    /// Its loop's inbox (a connect is a task there).
    pub(super) inbox: jsloop_core::remote::InboxSender,
    /// Set when it is terminated: a new SharedWorker then starts another.
    pub(super) terminate: std::sync::Arc<std::sync::atomic::AtomicBool>,
}
