//! The node host's I/O: a thread pool for file system work (libuv's, 4
//! threads unless `UV_THREADPOOL_SIZE` says otherwise) and a mio poller,
//! woken when pool work completes, that the poll phase blocks on.
use std::cell::{Cell, RefCell};
use std::io;
use std::sync::Arc;
use std::time::Duration;

// (Handle ids are the loop's own counter: Fx hashing, not SipHash, for
// the lookups every read and write makes.)
use rustc_hash::FxHashMap as HashMap;

use mio::{Events, Interest, Poll, Token, Waker};

mod event;
mod handles;
mod pool;
mod request;
mod udp;

use super::loopback::Loopback;

use handles::Handle;
pub use handles::{net_error, NetEvent};
use pool::{Completions, ThreadPool};
pub use request::{NetReply, NetRequest};
pub use udp::{parse_ip, SendOutcome, UdpFlags, UdpOption};

const WAKE: Token = Token(0);

/// A request's id.
pub type RequestId = u64;

pub use super::fs::ops::{FsResult, FsValue};

/// A failed system call, with what Node's error carries.
#[derive(Debug, Clone)]
pub struct FsError {
    /// `error.code`: `ENOENT`, `EACCES`, ….
    pub code: &'static str,
    /// `error.errno`: the negated OS error number, as libuv reports it.
    pub errno: i32,
    /// `error.syscall`: `open`, `stat`, `connect`, ….
    pub syscall: &'static str,
    /// `error.path` (for a socket: `address:port`).
    pub path: Option<String>,
    /// `error.dest` (`rename`, `copyFile`).
    pub dest: Option<String>,
    /// libuv's description (`no such file or directory`).
    pub description: &'static str,
}

impl FsError {
    /// The error of a failed system call `syscall`: libuv's name and
    /// description of the OS error, with the `path` and `dest` Node puts
    /// on it (for a socket, `address:port` as its path).
    pub fn of(e: &io::Error, syscall: &'static str, path: Option<String>, dest: Option<String>) -> Self {
        let raw = e.raw_os_error().unwrap_or(0);
        let (code, description) = errno_name(raw, e.kind());
        FsError { code, errno: -raw, syscall, path, dest, description }
    }

    /// The error of a failed file operation `syscall` on `path`.
    pub fn from_io(e: &io::Error, syscall: &'static str, path: &str) -> Self {
        FsError::of(e, syscall, Some(path.to_string()), None)
    }

    /// Node's message: `ENOENT: no such file or directory, open '/x'`.
    pub fn message(&self) -> String {
        let mut m = format!("{}: {}, {}", self.code, self.description, self.syscall);
        if let Some(p) = &self.path {
            m.push_str(&format!(" '{p}'"));
        }
        if let Some(d) = &self.dest {
            m.push_str(&format!(" -> '{d}'"));
        }
        m
    }
}

pub use crate::sys::errno_name;

/// What `Io::wait` returns: completed file requests and TCP events, in the
/// order they were seen.
#[derive(Debug)]
pub enum Completion {
    /// A file request ([`Io::submit`]'s id) finished with this result.
    Fs(RequestId, FsResult),
    /// A TCP event.
    Net(NetEvent),
}

/// The I/O driver of one node host.
pub struct Io {
    poll: RefCell<Poll>,
    events: RefCell<Events>,
    waker: Arc<Waker>,
    pool: ThreadPool,
    /// The thread pool's finished requests and its async handle (a
    /// completion pushed while the handle is pending does not write the
    /// wake-up descriptor again: uv_async_send coalesces; the loop clears
    /// it before it takes the completions, `take_done`).
    done: Arc<Completions>,
    next_request: Cell<RequestId>,
    /// Requests submitted and not yet delivered.
    pub in_flight: Cell<usize>,
    handles: HandleTable,
    next_handle: Cell<u64>,
    /// Events already known (a write that completed at once) for the next wait.
    ready: RefCell<Vec<NetEvent>>,
    /// What a read left for the next poll (after a partial read), with
    /// whether the wake-up descriptor came before its socket in the poll
    /// that read it: libuv's epoll is level-triggered, so that socket is
    /// reported again, in its place on epoll's ready list (see `wait`).
    again: RefCell<Vec<(NetEvent, bool)>>,
    /// Reads (data, end of file) of a stream that stopped reading before
    /// they were delivered: what libuv would have left in the kernel, as
    /// uv__read reads no more once the read callback calls uv_read_stop.
    /// Delivered first when the stream reads again (`read_start`).
    held: RefCell<HashMap<u64, Vec<NetEvent>>>,
    /// The last poll reported the wake-up descriptor.
    wake_last: Cell<bool>,
    /// One read buffer for every socket (not zeroed per read), made at the
    /// first read ([`Io::read_buffer`]): a program that reads no socket
    /// (most starts) does not zero 64 KiB.
    read_buffer: RefCell<Vec<u8>>,
    /// The signal self-pipe's handle: its events come after the other
    /// I/O of the same poll, as libuv runs its signal watcher last.
    signal_handle: Cell<u64>,
    /// Traffic between the program's own sockets (node/loopback.rs).
    loopback: RefCell<Loopback>,
    /// How many socket events of the last `wait` epoll reported after the
    /// wake-up descriptor.
    pub after_wake: Cell<usize>,
    /// This thread wrote the wake-up descriptor since the last poll.
    woken: Cell<bool>,
    /// This thread woke the loop since the last poll when no socket or
    /// descriptor was open and no request in flight, without the write
    /// (`wake_self`): the next `wait` reports the wake first.
    wake_elided: Cell<bool>,
    /// Watchers started since the last poll (libuv's watcher queue).
    to_register: RefCell<Vec<(u64, Interest)>>,
}

impl Io {
    /// A driver with its own poller and waker; the thread pool starts on
    /// the first request.
    pub fn new() -> io::Result<Self> {
        let poll = Poll::new()?;
        let waker = Arc::new(Waker::new(poll.registry(), WAKE)?);
        let done = Arc::new(Completions::new(waker.clone()));
        Ok(Io {
            poll: RefCell::new(poll),
            events: RefCell::new(Events::with_capacity(256)),
            waker,
            pool: ThreadPool::new(),
            done,
            next_request: Cell::new(1),
            in_flight: Cell::new(0),
            handles: HandleTable::default(),
            next_handle: Cell::new(1),
            ready: RefCell::new(Vec::new()),
            again: RefCell::new(Vec::new()),
            held: RefCell::new(HashMap::default()),
            wake_last: Cell::new(false),
            read_buffer: RefCell::new(Vec::new()),
            signal_handle: Cell::new(0),
            loopback: RefCell::new(Loopback::default()),
            after_wake: Cell::new(0),
            woken: Cell::new(false),
            wake_elided: Cell::new(false),
            to_register: RefCell::new(Vec::new()),
        })
    }

    /// The read buffer every socket reads into: 64 KiB.
    fn read_buffer(&self) -> std::cell::RefMut<'_, Vec<u8>> {
        let mut buf = self.read_buffer.borrow_mut();
        if buf.is_empty() {
            buf.resize(64 * 1024, 0);
        }
        buf
    }

    /// Wakes a poll in progress (from any thread).
    /// libuv's `uv__io_start`: a new watcher goes into the loop's watcher
    /// queue and `uv__io_poll` adds it to epoll as it begins. A descriptor
    /// already ready then (a connection waiting, a connect done) is
    /// reported after what became ready before that poll began (the loop's
    /// wake-up descriptor: a MessagePort triggered meanwhile runs first).
    fn register_later(&self, id: u64, interest: Interest) {
        self.to_register.borrow_mut().push((id, interest));
    }

    /// The start of `uv__io_poll`: the watcher queue's new descriptors are
    /// added to epoll, in the order they were started.
    fn flush_registrations(&self) {
        let queued: Vec<_> = self.to_register.borrow_mut().drain(..).collect();
        if queued.is_empty() {
            return;
        }
        let poll = self.poll.borrow();
        let mut handles = self.handles.borrow_mut();
        for (id, interest) in queued {
            let token = Token(id as usize);
            let _ = match handles.get_mut(&id) {
                Some(Handle::Listener { listener, .. }) => {
                    poll.registry().register(listener, token, interest)
                }
                Some(Handle::Stream(s)) => poll.registry().register(&mut s.stream, token, interest),
                Some(Handle::Udp(u)) => poll.registry().register(&mut u.socket, token, interest),
                // Closed before the loop polled.
                _ => continue,
            };
        }
    }

    /// `uv_async_send` from this thread: the wake-up descriptor becomes
    /// readable now, and the next `wait` looks at it (a system call even
    /// with no socket, so that it is not left for a later poll to report).
    ///
    /// With no socket or descriptor open and no request in flight (a
    /// program whose only I/O is its own MessagePorts), there is nothing
    /// for epoll to order the wake-up descriptor against, and every socket
    /// opened before the next poll becomes ready after this wake: the write
    /// and the poll's system call are left out, and the next `wait` reports
    /// the wake ahead of every socket event (what epoll would report, the
    /// descriptor having become readable first).
    pub fn wake_self(&self) {
        if self.handles.borrow().is_empty() && self.in_flight.get() == 0 {
            self.wake_elided.set(true);
            return;
        }
        self.woken.set(true);
        let _ = self.waker.wake();
    }

    pub fn waker(&self) -> Arc<Waker> {
        self.waker.clone()
    }

    fn is_udp(&self, id: u64) -> bool {
        matches!(self.handles.borrow().get(&id), Some(Handle::Udp(_)))
    }

    fn new_handle_id(&self) -> u64 {
        let id = self.next_handle.get();
        self.next_handle.set(id + 1);
        id
    }

    /// Referenced open handles (listening servers, sockets), and requests in
    /// flight on them (connects, unflushed writes).
    pub fn net_counts(&self) -> (usize, usize) {
        let (active, requests) = match self.handles.counts.get() {
            Some(counts) => counts,
            None => {
                let counts = self.count_handles();
                self.handles.counts.set(Some(counts));
                counts
            }
        };
        (active, requests + self.ready.borrow().len() + self.again.borrow().len())
    }

    /// `net_counts` of the handles alone (what the table keeps until a
    /// handle changes).
    fn count_handles(&self) -> (usize, usize) {
        let handles = self.handles.borrow();
        let mut active = 0;
        let mut requests = 0;
        for h in handles.values() {
            match h {
                Handle::Listener { refed, .. } | Handle::PathListener { refed, .. } => {
                    active += usize::from(*refed)
                }
                Handle::Stream(s) => {
                    active += usize::from(s.refed && !s.stopped);
                    requests += usize::from(s.connecting) + s.out.len();
                }
                // libuv: a UDP handle is active while it receives or its
                // send queue is not empty; its send requests are the loop's
                // requests.
                Handle::Udp(u) => {
                    active += usize::from(u.refed && (u.receiving || !u.out.is_empty()));
                    requests += u.out.len();
                }
            }
        }
        (active, requests)
    }

    /// The requests of `net_counts` that complete without the program doing
    /// more: not the writes of a socket whose peer is one of the program's
    /// own sockets that stopped reading (its window stays shut until the
    /// program reads again, so under the virtual clock the clock may move).
    pub fn net_requests_in_flight(&self) -> usize {
        let handles = self.handles.borrow();
        let stopped: std::collections::HashSet<_> = handles
            .values()
            .filter_map(|h| match h {
                Handle::Stream(s) if s.stopped => s.addrs,
                _ => None,
            })
            .collect();
        let mut requests = 0;
        for h in handles.values() {
            if let Handle::Udp(u) = h {
                requests += u.out.len();
            }
            if let Handle::Stream(s) = h {
                requests += usize::from(s.connecting);
                let reader_stopped = s.addrs.is_some_and(|(local, peer)| stopped.contains(&(peer, local)));
                if !reader_stopped {
                    requests += s.out.len();
                }
            }
        }
        requests + self.ready.borrow().len() + self.again.borrow().len()
    }

    /// Runs `work` on the thread pool; its result comes back from `wait`.
    pub fn submit(&self, work: impl FnOnce() -> FsResult + Send + 'static) -> RequestId {
        let id = self.next_request.get();
        self.next_request.set(id + 1);
        self.in_flight.set(self.in_flight.get() + 1);
        let done = self.done.clone();
        self.pool.execute(Box::new(move || done.push(id, work())));
        id
    }

    /// The completions sent so far (uv__async_io: the handle's pending flag
    /// is cleared first, so a completion sent after it writes the wake-up
    /// descriptor again and none is left unseen).
    fn take_done(&self, into: &mut Vec<(RequestId, FsResult)>) {
        self.done.take(into);
    }

    /// Waits until every thread-pool request in flight has completed and
    /// returns them in the order they were made, without looking at the
    /// poller (the virtual clock's zero-timeout poll: the pool is taken to be
    /// idle and quick, so what was submitted before a poll phase completes in
    /// it, as it does on Node when the work is short).
    pub fn wait_pool(&self, stop: &dyn Fn() -> bool) -> Vec<Completion> {
        let mut done = Vec::new();
        while done.len() < self.in_flight.get() && !stop() {
            self.done.wait(&mut done, Duration::from_millis(250));
        }
        self.in_flight.set(self.in_flight.get().saturating_sub(done.len()));
        done.sort_by_key(|(id, _)| *id);
        done.into_iter().map(|(id, r)| Completion::Fs(id, r)).collect()
    }

    /// Waits until every file request in flight has completed, and returns
    /// them in the order they were made, with any TCP events seen meanwhile
    /// (the virtual clock's repeatable mode).
    pub fn wait_settled(&self, stop: &dyn Fn() -> bool) -> Vec<Completion> {
        let mut all = self.wait(None);
        if self.in_flight.get() == 0 && !all.iter().any(|c| matches!(c, Completion::Fs(..))) {
            // Only sockets, from one look: epoll's order stands, the async
            // pass at the wake-up descriptor's place (`after_wake`).
            return all;
        }
        // The pool's completions first, then the sockets, all before the
        // async pass.
        self.after_wake.set(0);
        while self.in_flight.get() > 0 && !stop() {
            all.extend(self.wait(None));
        }
        let (mut fs, net): (Vec<_>, Vec<_>) = all.into_iter().partition(|c| matches!(c, Completion::Fs(..)));
        fs.sort_by_key(|c| match c {
            Completion::Fs(id, _) => *id,
            Completion::Net(_) => 0,
        });
        fs.extend(net);
        fs
    }

    /// Blocks up to `timeout` (None: until something happens) and returns
    /// what completed: file requests and TCP events.
    pub fn wait(&self, timeout: Option<Duration>) -> Vec<Completion> {
        // Nothing to look at: no socket or descriptor registered or about to
        // be, no file request in flight (so none completed: each completion
        // is one request's), nothing left from the last poll, no wake-up
        // descriptor written. A poll that may not block (or a wake
        // wake_self noted) reports nothing then, with no system call: what
        // the steps below come to, without them (a MessagePort ping-pong
        // polls so once a turn). The wake's place stays first.
        if self.in_flight.get() == 0
            && !self.woken.get()
            && self.ready.borrow().is_empty()
            && self.again.borrow().is_empty()
            && self.to_register.borrow().is_empty()
            && self.handles.borrow().is_empty()
            && (timeout == Some(Duration::ZERO) || self.wake_elided.get())
        {
            let elided = self.wake_elided.replace(false);
            self.events.borrow_mut().clear();
            self.wake_last.set(elided);
            self.after_wake.set(0);
            return Vec::new();
        }
        let mut out: Vec<Completion> = Vec::new();
        let ready: Vec<NetEvent> = self.ready.borrow_mut().drain(..).collect();
        let again: Vec<(NetEvent, bool)> = self.again.borrow_mut().drain(..).collect();
        let had_ready = !ready.is_empty() || !again.is_empty();
        out.extend(ready.into_iter().map(Completion::Net));
        let mut done = Vec::new();
        self.take_done(&mut done);
        // (A wake left out by wake_self is a readable wake-up descriptor:
        // the poll does not block.)
        let elided = self.wake_elided.replace(false);
        let timeout = if had_ready || !done.is_empty() || elided { Some(Duration::ZERO) } else { timeout };
        self.flush_registrations();
        // libuv's watcher queue, flushed as uv__io_poll begins: a socket
        // whose write would block is watched for writability from now on.
        for (id, h) in self.handles.borrow_mut().iter_mut() {
            if let Handle::Stream(s) = h {
                if s.wants_out {
                    s.wants_out = false;
                    s.watch_out = true;
                    let _ = self.poll.borrow().registry().reregister(
                        &mut s.stream,
                        Token(*id as usize),
                        Interest::READABLE | Interest::WRITABLE,
                    );
                }
            }
        }
        let mut events = self.events.borrow_mut();
        // A poll that may not block, with no socket registered and no file
        // request in flight, could only report the waker (whose news is in
        // the inbox, which the caller reads): no system call.
        if timeout == Some(Duration::ZERO)
            && self.handles.borrow().is_empty()
            && self.in_flight.get() == 0
            && !self.woken.get()
        {
            events.clear();
        } else {
            // A signal (Ctrl-C) ends the wait, so the loop can look at it.
            let timeout =
                timeout.map(|t| t.min(Duration::from_millis(250))).or(Some(Duration::from_millis(250)));
            let _ = self.poll.borrow_mut().poll(&mut events, timeout);
            self.woken.set(false);
        }
        let mut net = Vec::new();
        // How many socket events epoll reported before the wake-up
        // descriptor (libuv's async handles run at its place).
        let mut wake_at = if elided { Some(0) } else { None };
        for event in events.iter() {
            if event.token() == WAKE {
                wake_at.get_or_insert(net.len());
            } else {
                // A UDP socket's pending error (an ICMP error on a connected
                // one) is EPOLLERR alone: libuv's uv__udp_io reads it
                // (uv__udp_recvmsg gets the error).
                let udp_error = event.is_error() && self.is_udp(event.token().0 as u64);
                self.handle_event(
                    event.token(),
                    event.is_readable() || event.is_read_closed() || udp_error,
                    event.is_writable(),
                    event.is_read_closed() || event.is_error(),
                    wake_at.is_some(),
                    &mut net,
                );
            }
        }
        let signal = self.signal_handle.get();
        if signal != 0 {
            // uv__io_poll: the signal watcher's callback runs after the others.
            let is_signal = |e: &NetEvent| matches!(e, NetEvent::Data { socket, .. } if *socket == signal);
            let (signals, others): (Vec<_>, Vec<_>) = net.into_iter().partition(is_signal);
            net = others;
            net.extend(signals);
        }
        self.take_done(&mut done);
        self.in_flight.set(self.in_flight.get().saturating_sub(done.len()));
        // libuv's epoll is level-triggered: ep_send_events puts every
        // descriptor it reported back on the ready list, in the order
        // reported, ahead of whatever becomes ready later. So a socket a
        // read left unfinished (`again`) is reported again first; and if
        // the wake-up descriptor was reported by the last poll too and is
        // readable again, it keeps its place among them, ahead of every
        // socket that became ready since.
        let lt_wake = wake_at.is_some() && self.wake_last.get();
        self.wake_last.set(wake_at.is_some());
        if lt_wake {
            // The wake-up descriptor came first in this poll: what its reads
            // left for the next one came after it.
            for (_, after) in self.again.borrow_mut().iter_mut() {
                *after = true;
            }
        }
        let (before, after): (Vec<NetEvent>, Vec<NetEvent>) = if lt_wake {
            let (b, a): (Vec<_>, Vec<_>) = again.into_iter().partition(|(_, after)| !after);
            (b.into_iter().map(|(e, _)| e).collect(), a.into_iter().map(|(e, _)| e).chain(net).collect())
        } else {
            let later = net.split_off(wake_at.unwrap_or(net.len()).min(net.len()));
            (again.into_iter().map(|(e, _)| e).chain(net).collect(), later)
        };
        // The sockets reported before the wake-up descriptor, the thread
        // pool's completions (its async handle, the loop's first), then the
        // sockets reported after it (counted in `after_wake`).
        self.after_wake.set(if wake_at.is_some() { after.len() } else { 0 });
        let fs = done.into_iter().map(|(id, r)| Completion::Fs(id, r));
        if wake_at.is_some() {
            out.extend(before.into_iter().map(Completion::Net));
            out.extend(fs);
        } else {
            out.extend(fs);
            out.extend(before.into_iter().map(Completion::Net));
        }
        out.extend(after.into_iter().map(Completion::Net));
        out
    }
}

/// The open handles by id, with their `net_counts` kept from one change to
/// the next: the loop asks for them several times per turn (whether it is
/// alive, how long to poll), and a handle changes only through
/// `borrow_mut`, which forgets them (the handles' counted fields are plain
/// fields, changed only through it).
#[derive(Default)]
struct HandleTable {
    map: RefCell<HashMap<u64, Handle>>,
    counts: Cell<Option<(usize, usize)>>,
}

impl HandleTable {
    fn borrow(&self) -> std::cell::Ref<'_, HashMap<u64, Handle>> {
        self.map.borrow()
    }

    fn borrow_mut(&self) -> std::cell::RefMut<'_, HashMap<u64, Handle>> {
        self.counts.set(None);
        self.map.borrow_mut()
    }
}
