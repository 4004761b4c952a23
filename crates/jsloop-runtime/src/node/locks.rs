//! The Web Locks API's lock manager for the node host (`navigator.locks`,
//! `worker_threads.locks`), shared by the program's threads as Node 24's is
//! shared by its environments (src/node_locks.cc, `LockManager`).
//!
//! <https://w3c.github.io/web-locks/#lock-manager>
//!
//! The manager's state is here: the queue of pending lock requests (one
//! queue for every name, in the order made, a steal request first) and the
//! held locks by name. What is script's stays in the requesting thread's
//! glue (js/node/locks.js): the callback and the two promises of each
//! request, by its id. A thread's glue runs the manager's "process the
//! queue" pass (`locksNext`) over and over: each pass grants at most one of
//! that thread's requests (or answers one `ifAvailable` request with null)
//! and the glue calls its callback, as Node's `ProcessQueue` does. A pass
//! that sees another thread's request pending wakes that thread, whose glue
//! runs its own passes when the wake arrives (Node's
//! `SetImmediateThreadsafe`).
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

use jsloop_core::TaskSource;
use rquickjs::{Ctx, Function, Object};

use super::worker_threads::{registry, NodeFamily};
use crate::threads::{send, WorkerEvent};

/// The program's lock manager.
#[derive(Default)]
pub(crate) struct LockManager {
    pending: VecDeque<Request>,
    held: HashMap<String, Vec<Held>>,
    next_id: u64,
}

/// A lock request not yet granted.
struct Request {
    /// The thread that made it (its threadId), and its id there.
    thread: u64,
    id: u64,
    name: String,
    exclusive: bool,
    client_id: String,
    steal: bool,
    if_available: bool,
}

/// A held lock (its request's id and thread).
struct Held {
    thread: u64,
    id: u64,
    exclusive: bool,
    client_id: String,
    /// Taken by a steal request; its thread has not yet been told.
    stolen: bool,
}

impl LockManager {
    /// <https://w3c.github.io/web-locks/#lock-request-grantable> as Node has it:
    /// a steal request always; otherwise no held lock of the name, or (a
    /// shared request) only shared ones.
    fn grantable(&self, request: &Request) -> bool {
        if request.steal {
            return true;
        }
        match self.held.get(&request.name) {
            None => true,
            Some(_) if request.exclusive => false,
            Some(locks) => locks.iter().all(|l| !l.exclusive),
        }
    }

    /// Every lock and request of a thread that has ended goes.
    pub(crate) fn forget_thread(&mut self, thread: u64) {
        for locks in self.held.values_mut() {
            locks.retain(|l| l.thread != thread);
        }
        self.held.retain(|_, locks| !locks.is_empty());
        self.pending.retain(|r| r.thread != thread);
    }
}

/// What one pass of "process the queue" tells the thread's glue.
enum Pass {
    Nothing,
    /// An `ifAvailable` request that cannot be granted: its callback gets null.
    NotAvailable(u64),
    /// A request granted: its id, name, exclusive, clientId.
    Granted(u64, String, bool, String),
}

/// The host functions of js/node/locks.js: `locksRequest`, `locksPass`,
/// `locksRelease` and `locksQuery`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    family: &Rc<NodeFamily>,
) -> rquickjs::Result<()> {
    let me = family.scope.as_ref().map_or(0, |s| s.id);
    // LockManager::Request: the request joins the queue (a steal request at
    // its front); its id is returned.
    let f = family.clone();
    host.set(
        "locksRequest",
        Function::new(
            ctx.clone(),
            move |name: String, client_id: String, exclusive: bool, steal: bool, if_available: bool| -> f64 {
                let mut r = registry(&f.registry);
                let m = &mut r.locks;
                m.next_id += 1;
                let id = m.next_id;
                let request = Request { thread: me, id, name, exclusive, client_id, steal, if_available };
                if steal {
                    m.pending.push_front(request);
                } else {
                    m.pending.push_back(request);
                }
                id as f64
            },
        )?,
    )?;
    // `locksPass`: one pass of LockManager::ProcessQueue for this thread:
    // [kind (0 nothing, 1 not available, 2 granted), id, name, exclusive,
    // clientId, the ids of this thread's locks stolen since the last pass].
    let f2 = family.clone();
    host.set(
        "locksPass",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<rquickjs::Array<'js>> {
            let (pass, stolen, wake) = process_one(&f2, me);
            for thread in wake {
                let target = registry(&f2.registry).threads.get(&thread).cloned();
                if let Some(target) = target {
                    send(
                        &target,
                        TaskSource::PostedMessage,
                        "wake for the lock manager",
                        WorkerEvent::LocksWake,
                    );
                }
            }
            let out = rquickjs::Array::new(ctx.clone())?;
            match pass {
                Pass::Nothing => out.set(0, 0)?,
                Pass::NotAvailable(id) => {
                    out.set(0, 1)?;
                    out.set(1, id as f64)?;
                }
                Pass::Granted(id, name, exclusive, client_id) => {
                    out.set(0, 2)?;
                    out.set(1, id as f64)?;
                    out.set(2, name)?;
                    out.set(3, exclusive)?;
                    out.set(4, client_id)?;
                }
            }
            out.set(5, stolen.into_iter().map(|id| id as f64).collect::<Vec<_>>())?;
            Ok(out)
        })?,
    )?;
    // LockManager::ReleaseLock: the lock `id` of this thread is no longer held.
    let f = family.clone();
    host.set(
        "locksRelease",
        Function::new(ctx.clone(), move |id: f64| {
            let mut r = registry(&f.registry);
            let m = &mut r.locks;
            for locks in m.held.values_mut() {
                locks.retain(|l| !(l.thread == me && l.id == id as u64));
            }
            m.held.retain(|_, locks| !locks.is_empty());
        })?,
    )?;
    // LockManager::Query: [[name, exclusive, clientId] of each lock this
    // thread holds], then the same of its pending requests.
    let f = family.clone();
    host.set(
        "locksQuery",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<rquickjs::Array<'js>> {
            let (held, pending) = {
                let r = registry(&f.registry);
                let m = &r.locks;
                let held: Vec<(String, bool, String)> = m
                    .held
                    .iter()
                    .flat_map(|(name, locks)| {
                        locks
                            .iter()
                            .filter(|l| l.thread == me)
                            .map(|l| (name.clone(), l.exclusive, l.client_id.clone()))
                    })
                    .collect();
                let pending: Vec<(String, bool, String)> = m
                    .pending
                    .iter()
                    .filter(|q| q.thread == me)
                    .map(|q| (q.name.clone(), q.exclusive, q.client_id.clone()))
                    .collect();
                (held, pending)
            };
            crate::quickjs::lock_snapshot(&ctx, held, pending)
        })?,
    )?;
    Ok(())
}

/// One pass of Node's `LockManager::ProcessQueue` for thread `me`: what to
/// do, the ids of this thread's locks stolen by another thread (to reject
/// their released promises), and the threads to wake.
fn process_one(family: &NodeFamily, me: u64) -> (Pass, Vec<u64>, HashSet<u64>) {
    let mut r = registry(&family.registry);
    let m = &mut r.locks;
    let mut wake = HashSet::new();
    // (CleanupStolenLocks: locks taken from other threads are dropped; this
    // thread's that another stole are told now.)
    let mut stolen = Vec::new();
    for locks in m.held.values_mut() {
        for l in locks.iter().filter(|l| l.stolen && l.thread == me) {
            stolen.push(l.id);
        }
        locks.retain(|l| !l.stolen);
    }
    m.held.retain(|_, locks| !locks.is_empty());
    // The first pass over the queue: the oldest request of each name; a
    // request of another thread wakes it; this thread's first request that
    // can be granted (or its first ifAvailable one that cannot) is taken.
    let mut first_for_name: HashMap<&str, bool> = HashMap::new();
    let mut chosen: Option<(usize, bool)> = None;
    for (i, request) in m.pending.iter().enumerate() {
        if request.thread != me {
            wake.insert(request.thread);
        }
        let wait = match first_for_name.get(request.name.as_str()) {
            None => {
                first_for_name.insert(&request.name, request.exclusive);
                false
            }
            // Exclusive requests wait for every earlier one; shared ones
            // for an earlier exclusive one.
            Some(&first_exclusive) => request.exclusive || first_exclusive,
        };
        if request.thread != me {
            continue;
        }
        if wait || !m.grantable(request) {
            if request.if_available {
                chosen = Some((i, false));
                break;
            }
            continue;
        }
        chosen = Some((i, true));
        break;
    }
    let Some((i, grant)) = chosen else { return (Pass::Nothing, stolen, wake) };
    let Some(request) = m.pending.remove(i) else { return (Pass::Nothing, stolen, wake) };
    if !grant {
        return (Pass::NotAvailable(request.id), stolen, wake);
    }
    if request.steal {
        // Every lock of the name is stolen: this thread's are told at once,
        // other threads' when their wake comes.
        if let Some(locks) = m.held.get_mut(&request.name) {
            for l in locks.iter_mut() {
                if l.thread == me {
                    stolen.push(l.id);
                } else {
                    l.stolen = true;
                    wake.insert(l.thread);
                }
            }
            locks.retain(|l| l.thread != me);
        }
        m.held.retain(|_, locks| !locks.is_empty());
    }
    m.held.entry(request.name.clone()).or_default().push(Held {
        thread: me,
        id: request.id,
        exclusive: request.exclusive,
        client_id: request.client_id.clone(),
        stolen: false,
    });
    (Pass::Granted(request.id, request.name, request.exclusive, request.client_id), stolen, wake)
}
