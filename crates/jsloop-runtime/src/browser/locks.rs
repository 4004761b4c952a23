//! The Web Locks API's lock manager for the browser host: one for the
//! page's agents (its windows and workers share a storage key), in
//! [`super::agents::Shared`].
//!
//! <https://w3c.github.io/web-locks/#lock-manager>
//!
//! The lock request queue map and the held lock set are here; the "lock
//! task queue" (a parallel queue) runs its steps at once, under the
//! manager's lock, when a request, a release or an abort comes. What the
//! steps hand to a requester's event loop (a lock granted, an `ifAvailable`
//! request that cannot be, a lock stolen, a query's snapshot) is a task on
//! the requester's web locks task source: queued at once on this thread,
//! sent to another thread's inbox. The task's steps are the glue's
//! `deliverLock` (15_workers.js), for the request by its number.
use std::collections::VecDeque;
use std::rc::Rc;
use std::thread::ThreadId;

use jsloop_core::remote::InboxSender;
use jsloop_core::TaskSource;
use rquickjs::{Array, Ctx, Function, Object};

use super::agents::lock;
use super::{JsSteps, Shared};
use crate::quickjs::host_fn::{Delivered, Delivery};
use crate::threads::{send, WorkerEvent};

/// What a requester's task is told (`deliverLock`'s second argument).
const GRANTED: i32 = 1;
const NOT_AVAILABLE: i32 = 2;
const STOLEN: i32 = 3;

/// A page's lock manager.
#[derive(Default)]
pub(crate) struct LockManager {
    /// The lock request queue map: a queue per resource name, in the
    /// order the names were first requested (an ordered map).
    queues: Vec<(String, VecDeque<Request>)>,
    /// The held lock set, in the order granted.
    held: Vec<Request>,
}

/// A lock request (and, once granted, its lock: the same fields).
pub(crate) struct Request {
    /// The requesting global's thread and loop, and the request's number there.
    thread: ThreadId,
    inbox: InboxSender,
    id: u64,
    name: String,
    exclusive: bool,
    client_id: String,
}

impl LockManager {
    /// <https://w3c.github.io/web-locks/#lock-request-grantable>: `request`
    /// (`first`: it is the first of its queue, or the queue is empty).
    fn grantable(&self, name: &str, exclusive: bool, first: bool) -> bool {
        // Step 4. If queue is not empty and request is not the first item
        // in queue, return false.
        if !first {
            return false;
        }
        // Step 5-6. An exclusive request: no held lock of the name; a
        // shared one: no held exclusive lock of the name.
        !self.held.iter().any(|l| l.name == name && (exclusive || l.exclusive))
    }

    /// The queue of `name` (made empty if there is none).
    fn queue(&mut self, name: &str) -> &mut VecDeque<Request> {
        let i = match self.queues.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                self.queues.push((name.to_string(), VecDeque::new()));
                self.queues.len() - 1
            }
        };
        &mut self.queues[i].1
    }

    /// Whether `name`'s queue is empty.
    fn queue_is_empty(&self, name: &str) -> bool {
        self.queues.iter().find(|(n, _)| n == name).is_none_or(|(_, q)| q.is_empty())
    }

    /// <https://w3c.github.io/web-locks/#process-the-lock-request-queue>:
    /// the requests granted, in order.
    fn process_the_lock_request_queue(&mut self, name: &str, out: &mut Vec<(Request, i32)>) {
        loop {
            // Step 1. For each request of queue:
            let Some(front) = self.queue(name).front() else { break };
            let exclusive = front.exclusive;
            // Step 1.1. If request is not grantable, then return.
            if !self.grantable(name, exclusive, true) {
                break;
            }
            // Step 1.2-1.6. Remove request from queue; a lock for it joins
            // the held lock set, and its callback is invoked in a task.
            let Some(request) = self.queue(name).pop_front() else { break };
            out.push((request.copy(), GRANTED));
            self.held.push(request);
        }
        self.queues.retain(|(_, q)| !q.is_empty());
    }

    /// A thread that ended: its locks are released and its requests go;
    /// what that grants to other threads is returned.
    pub(crate) fn forget_thread(&mut self, thread: ThreadId) -> Vec<(Request, i32)> {
        let mut names: Vec<String> =
            self.held.iter().filter(|l| l.thread == thread).map(|l| l.name.clone()).collect();
        self.held.retain(|l| l.thread != thread);
        for (name, q) in &mut self.queues {
            if q.iter().any(|r| r.thread == thread) {
                names.push(name.clone());
            }
            q.retain(|r| r.thread != thread);
        }
        let mut tasks = Vec::new();
        for name in names {
            self.process_the_lock_request_queue(&name, &mut tasks);
        }
        tasks
    }
}

impl Request {
    fn copy(&self) -> Request {
        Request {
            thread: self.thread,
            inbox: self.inbox.clone(),
            id: self.id,
            name: self.name.clone(),
            exclusive: self.exclusive,
            client_id: self.client_id.clone(),
        }
    }
}

/// Queues each requester's task (see the module's note).
pub(crate) fn deliver(s: &Shared, tasks: Vec<(Request, i32)>) {
    let me = std::thread::current().id();
    for (request, kind) in tasks {
        let event = WorkerEvent::LockTask { request: request.id, kind };
        if request.thread == me {
            let steps = JsSteps::Delivered(Delivered::new(Delivery::Worker(event)));
            s.lp.borrow_mut().queue_task(TaskSource::WebLocks, "web locks", None, steps);
        } else {
            send(&request.inbox, TaskSource::WebLocks, "web locks", event);
        }
    }
}

/// The thread of a worker that ended: its locks are released and its
/// requests go; what that grants goes to the other threads.
pub(crate) fn thread_ended(agents: &super::agents::SharedAgents) {
    let tasks = lock(agents).locks.forget_thread(std::thread::current().id());
    for (request, kind) in tasks {
        send(
            &request.inbox,
            TaskSource::WebLocks,
            "web locks",
            WorkerEvent::LockTask { request: request.id, kind },
        );
    }
}

/// The host functions of the glue's LockManager: `locksRequest`,
/// `locksRelease`, `locksAbort` and `locksQuery`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    // https://w3c.github.io/web-locks/#request-a-lock, Step 6 on (the
    // steps enqueued to the lock task queue); returns the request's number.
    let s = shared.clone();
    host.set(
        "locksRequest",
        Function::new(
            ctx.clone(),
            move |name: String, client_id: String, exclusive: bool, steal: bool, if_available: bool| -> f64 {
                let id = s.family.channels.next();
                let request = Request {
                    thread: std::thread::current().id(),
                    inbox: s.lp.borrow().remote_sender(),
                    id,
                    name: name.clone(),
                    exclusive,
                    client_id,
                };
                let mut tasks = Vec::new();
                {
                    let mut agents = lock(&s.family.agents);
                    let m = &mut agents.locks;
                    // Step 6.4. If steal is true: each held lock of the name
                    // is removed, its released promise rejected with an
                    // AbortError; the request goes first in its queue.
                    if steal {
                        let (stolen, kept) =
                            std::mem::take(&mut m.held).into_iter().partition(|l| l.name == name);
                        m.held = kept;
                        tasks.extend(stolen.into_iter().map(|l: Request| (l, STOLEN)));
                        m.queue(&name).push_front(request);
                    } else {
                        // Step 6.5. If ifAvailable is true and request is not
                        // grantable: its callback is invoked with null.
                        let first = m.queue_is_empty(&name);
                        if if_available && !m.grantable(&name, exclusive, first) {
                            tasks.push((request, NOT_AVAILABLE));
                            drop(agents);
                            deliver(&s, tasks);
                            return id as f64;
                        }
                        // Step 6.6. Enqueue request in queue.
                        m.queue(&name).push_back(request);
                    }
                    // Step 6.7. Process the lock request queue queue.
                    m.process_the_lock_request_queue(&name, &mut tasks);
                }
                deliver(&s, tasks);
                id as f64
            },
        )?,
    )?;
    // https://w3c.github.io/web-locks/#release-the-lock: the lock is
    // removed from the held lock set and its queue processed.
    let s = shared.clone();
    host.set(
        "locksRelease",
        Function::new(ctx.clone(), move |id: f64| {
            let me = std::thread::current().id();
            let mut tasks = Vec::new();
            {
                let mut agents = lock(&s.family.agents);
                let m = &mut agents.locks;
                let Some(i) = m.held.iter().position(|l| l.thread == me && l.id == id as u64) else { return };
                let lock = m.held.remove(i);
                m.process_the_lock_request_queue(&lock.name, &mut tasks);
            }
            deliver(&s, tasks);
        })?,
    )?;
    // https://w3c.github.io/web-locks/#abort-the-request: true if the
    // request was still in its queue (it is removed, the queue processed).
    let s = shared.clone();
    host.set(
        "locksAbort",
        Function::new(ctx.clone(), move |id: f64| -> bool {
            let me = std::thread::current().id();
            let mut tasks = Vec::new();
            let removed = {
                let mut agents = lock(&s.family.agents);
                let m = &mut agents.locks;
                let found = m.queues.iter_mut().find_map(|(name, q)| {
                    let i = q.iter().position(|r| r.thread == me && r.id == id as u64)?;
                    q.remove(i);
                    Some(name.clone())
                });
                if let Some(name) = &found {
                    m.process_the_lock_request_queue(name, &mut tasks);
                }
                found.is_some()
            };
            deliver(&s, tasks);
            removed
        })?,
    )?;
    // https://w3c.github.io/web-locks/#snapshot-the-lock-state: [held, pending],
    // each a list of [name, exclusive, clientId].
    let s = shared.clone();
    host.set(
        "locksQuery",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<Array<'js>> {
            let (held, pending): (Vec<_>, Vec<_>) = {
                let agents = lock(&s.family.agents);
                let m = &agents.locks;
                let info = |r: &Request| (r.name.clone(), r.exclusive, r.client_id.clone());
                (
                    m.held.iter().map(info).collect(),
                    m.queues.iter().flat_map(|(_, q)| q.iter()).map(info).collect(),
                )
            };
            crate::quickjs::lock_snapshot(&ctx, held, pending)
        })?,
    )?;
    Ok(())
}
