//! BroadcastChannel across a page's windows and workers.
//!
//! <https://html.spec.whatwg.org/multipage/web-messaging.html#broadcasting-to-other-browsing-contexts>
//!
//! Every BroadcastChannel object of a page (its window's, its iframes' and
//! its workers', on any thread) is in one [`Registry`], in creation order,
//! with its storage key (the origin of its global: jsloop keeps no other
//! partition) and its channel name. `postMessage` (the glue serializes the
//! message, Step 2) hands the registry the serialized message, and the
//! registry does Steps 5-8: each other open channel of the same key and
//! name gets a task on the DOM manipulation task source of its own loop.
//! One on this thread is queued at once; one on another thread is sent
//! there and is a task when it arrives (its loop is another agent's, whose
//! tasks are ordered only among themselves). The task's steps (Step 8.1-8.3:
//! the closed flag, deserializing, firing `message` or `messageerror`) are
//! the glue's `deliverBroadcast` (15_workers.js).
use std::cell::Cell;
use std::rc::Rc;
use std::thread::ThreadId;

use jsloop_core::remote::InboxSender;
use jsloop_core::TaskSource;
use rquickjs::{Array, Ctx, Function, Object};

use super::agents::lock;
use super::{JsSteps, Shared};
use crate::quickjs::host_fn::{Delivered, Delivery};
use crate::threads::{bytes_of, send, WorkerEvent};

/// The BroadcastChannel objects of a page, in creation order (in the
/// page's [`super::agents::Shared`]).
#[derive(Default)]
pub(crate) struct Registry {
    channels: Vec<Entry>,
}

/// One BroadcastChannel object whose closed flag is false.
struct Entry {
    /// Its storage key (its global's origin) and its channel name.
    origin: String,
    name: String,
    /// The thread its global's loop runs on, and that loop's inbox.
    thread: ThreadId,
    inbox: InboxSender,
    /// Its number in its loop (see [`Channels`]).
    channel: u64,
}

/// A global's numbering of its BroadcastChannel objects: numbered as its
/// workers are (an iframe's window from its own base: a message for one of
/// its channels arrives on the page's loop, and the number says whose it
/// is).
#[derive(Default)]
pub(crate) struct Channels {
    next: Cell<u64>,
}

impl Channels {
    /// Numbers from `first` on.
    pub(crate) fn number_from(&self, first: u64) {
        self.next.set(first);
    }

    pub(super) fn next(&self) -> u64 {
        let n = self.next.get() + 1;
        self.next.set(n);
        n
    }
}

/// The host functions of the glue's BroadcastChannel: `broadcastJoin`,
/// `broadcastLeave` and `broadcastPost`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel
    // (The constructor's object joins the registry with its key and name.)
    host.set(
        "broadcastJoin",
        Function::new(ctx.clone(), move |origin: String, name: String| -> f64 {
            let channel = s.family.channels.next();
            let inbox = s.lp.borrow().remote_sender();
            let thread = std::thread::current().id();
            lock(&s.family.agents).broadcast.channels.push(Entry { origin, name, thread, inbox, channel });
            channel as f64
        })?,
    )?;
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-close
    // (Its closed flag is set: it is no longer a destination.)
    let s = shared.clone();
    host.set(
        "broadcastLeave",
        Function::new(ctx.clone(), move |channel: f64| {
            let me = std::thread::current().id();
            lock(&s.family.agents)
                .broadcast
                .channels
                .retain(|e| !(e.thread == me && e.channel == channel as u64));
        })?,
    )?;
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-postmessage
    // Step 3-8, for the message the glue serialized (Step 1-2).
    let s = shared.clone();
    host.set(
        "broadcastPost",
        Function::new(ctx.clone(), move |channel: f64, record: String, buffers: Array<'js>| {
            let me = std::thread::current().id();
            let buffers = bytes_of(&buffers);
            // Step 3-4. Let sourceOrigin and sourceStorageKey be this's
            // (the registry has them).
            // Step 5. Let destinations be the BroadcastChannel objects whose
            // closed flag is false, whose storage key is sourceStorageKey
            // and whose name is this's channel name (closed ones are not in
            // the registry; a global whose document is not fully active or
            // whose worker is closing gets nothing: see the glue).
            // Step 6. Remove source from destinations.
            // Step 7. Sort destinations so that those of one agent are in
            // creation order (the registry's order).
            let destinations: Vec<(ThreadId, InboxSender, u64, String)> = {
                let agents = lock(&s.family.agents);
                let r = &agents.broadcast;
                let Some(source) = r.channels.iter().find(|e| e.thread == me && e.channel == channel as u64)
                else {
                    return;
                };
                r.channels
                    .iter()
                    .filter(|e| e.origin == source.origin && e.name == source.name)
                    .filter(|e| !(e.thread == me && e.channel == channel as u64))
                    .map(|e| (e.thread, e.inbox.clone(), e.channel, source.origin.clone()))
                    .collect()
            };
            // Step 8. For each destination, queue a global task on the DOM
            // manipulation task source given its relevant global object.
            for (thread, inbox, channel, origin) in destinations {
                let event = WorkerEvent::Broadcast {
                    channel,
                    record: record.clone(),
                    buffers: buffers.clone(),
                    origin,
                };
                if thread == me {
                    let steps = JsSteps::Delivered(Delivered::new(Delivery::Worker(event)));
                    s.lp.borrow_mut().queue_task(
                        TaskSource::DomManipulation,
                        "BroadcastChannel message",
                        None,
                        steps,
                    );
                } else {
                    send(&inbox, TaskSource::DomManipulation, "BroadcastChannel message", event);
                }
            }
        })?,
    )?;
    Ok(())
}
