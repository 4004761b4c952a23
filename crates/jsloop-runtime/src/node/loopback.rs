//! Traffic in flight between two of the program's own TCP sockets: the
//! virtual clock's I/O rule (docs/event-loop.md, "Under the virtual clock",
//! "Loopback traffic between the program's own sockets").
//!
//! On Linux a loopback `write(2)`, `shutdown(2)`, `close(2)` or
//! `connect(2)` hands the segment to the loopback device, and the kernel's
//! receive path (the softirq that `local_bh_enable` runs on the way out of
//! the system call, or `ksoftirqd` when the machine is busy) queues it on
//! the peer socket. Node does nothing in between: its next `uv__io_poll`
//! calls `epoll_wait` (timeout 0 when immediates wait), and what landed is
//! reported, in the order it became ready. On an idle machine everything
//! has landed by then, which is why Node's order is fixed for such
//! programs; on a busy one the softirq can be late.
//!
//! So under the virtual clock, before the loop polls, the host waits (in
//! real time, taking no virtual time) until nothing is in flight between
//! two of its own sockets, and only then polls: what a Node on an idle
//! machine would see, every time. What is "in flight" is exact, from
//! counters the I/O driver keeps (bytes handed to the kernel, bytes read,
//! FIN sent, connections accepted), checked with `poll(2)` and `FIONREAD`
//! on the receiving descriptor; nothing waits for a time window:
//!
//! - bytes: the sender's send queue holds bytes sent and not yet
//!   acknowledged (`SIOCOUTQ` less `SIOCOUTQNSD`; bytes not sent yet wait
//!   for the receiver's window, that is for its reader, and are not in
//!   flight); from a sender closed since, the bytes it handed the kernel
//!   beyond what the receiver has read plus what is queued on it, unless
//!   64 KiB are queued (libuv reads 64 KiB at a time);
//! - an end: the sender shut its write side (or closed, or reset), all it
//!   sent was acknowledged, and the receiver has neither read its end of
//!   file nor `POLLRDHUP`;
//! - a connect: a client connecting to one of the program's own listeners
//!   until its socket is writable (`POLLOUT`, the handshake done), and then
//!   until the listener is readable (`POLLIN`: the connection is in its
//!   accept queue) or has accepted it;
//! - a datagram: one of the program's own UDP sockets sent more datagrams
//!   to another of its UDP sockets than that one has read, and none is
//!   queued on it (no `POLLIN`). A UDP socket's queue cannot be counted
//!   (`FIONREAD` gives the first datagram's size only), so the rule waits
//!   for the first datagram on its way; the kernel's receive path queues a
//!   loopback sender's datagrams in the order sent, in one softirq run, so
//!   the rest have landed with it on an idle machine as on a busy one.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::os::fd::RawFd;
use std::time::{Duration, Instant};

/// libuv's read size (`uv__read` asks `alloc_cb` for 64 KiB).
const READ_SIZE: u64 = 64 * 1024;

/// A connected (or connecting) TCP socket of the program, as the rule sees it.
#[derive(Debug, Clone)]
pub struct Flow {
    pub fd: RawFd,
    pub local: SocketAddr,
    /// The address connected to (the target, while connecting).
    pub peer: SocketAddr,
    pub connecting: bool,
    /// Bytes handed to the kernel.
    pub sent: u64,
    /// The write side was shut (FIN) or the socket reset.
    pub fin: bool,
    /// Bytes read.
    pub read: u64,
    /// End of file read.
    pub eof: bool,
}

/// A listening TCP socket of the program.
#[derive(Debug, Clone, Copy)]
pub struct Listener {
    pub fd: RawFd,
    pub local: SocketAddr,
}

/// A UDP socket of the program to which its own UDP sockets sent more
/// datagrams than it has read.
#[derive(Debug, Clone, Copy)]
pub struct Datagrams {
    pub fd: RawFd,
    /// Datagrams the program's own sockets sent to it.
    pub expected: u64,
    /// Datagrams it has read.
    pub read: u64,
}

/// What the rule remembers beyond the open handles: what closed senders
/// sent (their receiver may not have read it yet, or not even been
/// accepted), and which connections the program's listeners accepted.
#[derive(Default)]
pub struct Loopback {
    /// (local, peer) of a closed socket -> bytes sent; its FIN (or RST) is
    /// on its way too.
    closed: HashMap<(SocketAddr, SocketAddr), u64>,
    /// The remote addresses of connections accepted by own listeners.
    accepted: HashSet<SocketAddr>,
}

fn listener_for(listeners: &[Listener], addr: SocketAddr) -> Option<&Listener> {
    listeners.iter().find(|l| {
        l.local.port() == addr.port() && (l.local.ip() == addr.ip() || l.local.ip().is_unspecified())
    })
}

/// `poll(2)` without blocking: the descriptor's ready events.
fn revents(fd: RawFd, events: i16) -> i16 {
    let mut p = libc::pollfd { fd, events, revents: 0 };
    // SAFETY: one valid pollfd, timeout 0.
    let n = unsafe { libc::poll(&mut p, 1, 0) };
    if n > 0 {
        p.revents
    } else {
        0
    }
}

/// A socket ioctl that answers one int (0 if it fails).
fn ioctl_int(fd: RawFd, request: libc::Ioctl) -> u64 {
    let mut n: libc::c_int = 0;
    // SAFETY: these requests write one c_int.
    let r = unsafe { libc::ioctl(fd, request, &mut n) };
    if r == 0 {
        n.max(0) as u64
    } else {
        0
    }
}

/// Bytes queued for reading on a socket (`FIONREAD`).
fn queued(fd: RawFd) -> u64 {
    ioctl_int(fd, libc::FIONREAD)
}

/// linux/sockios.h: a TCP socket's bytes not yet sent.
const SIOCOUTQNSD: libc::Ioctl = 0x894B;

/// A TCP socket's send queue: (bytes not yet acknowledged by the peer,
/// including those not sent; bytes not yet sent) (`SIOCOUTQ`, the same
/// number as `TIOCOUTQ`, and `SIOCOUTQNSD`). Sent and not acknowledged is
/// on its way (on loopback, not yet received, or its ACK not yet back);
/// not sent waits for the peer's window (its reader), not for the kernel.
fn send_queue(fd: RawFd) -> (u64, u64) {
    (ioctl_int(fd, libc::TIOCOUTQ), ioctl_int(fd, SIOCOUTQNSD))
}

impl Loopback {
    /// A socket closed: what it sent (and its end) may still be on its way.
    pub fn closed(&mut self, flow: &Flow) {
        if !flow.connecting {
            self.closed.insert((flow.local, flow.peer), flow.sent);
        }
    }

    /// A listener accepted the connection from `remote`.
    pub fn accepted(&mut self, remote: SocketAddr) {
        self.accepted.insert(remote);
    }

    /// The descriptors to wait on (with the events awaited) for what is in
    /// flight between the program's own sockets now; empty when nothing is.
    pub fn in_flight(&mut self, flows: &[Flow], listeners: &[Listener]) -> Vec<libc::pollfd> {
        let mut wait = Vec::new();
        let open: HashMap<(SocketAddr, SocketAddr), &Flow> =
            flows.iter().filter(|f| !f.connecting).map(|f| ((f.local, f.peer), f)).collect();
        // A closed sender is done with once its receiver read its end, or
        // closed too; a client's receiver may also be still to be accepted.
        let accepted = &self.accepted;
        self.closed.retain(|(local, peer), _| match open.get(&(*peer, *local)) {
            Some(receiver) => !receiver.eof,
            None => listener_for(listeners, *peer).is_some() && !accepted.contains(local),
        });
        for f in flows {
            if f.connecting {
                // A connect to an own listener: the handshake.
                if listener_for(listeners, f.peer).is_some() && revents(f.fd, libc::POLLOUT) == 0 {
                    wait.push(libc::pollfd { fd: f.fd, events: libc::POLLOUT, revents: 0 });
                }
                continue;
            }
            // A client of an own listener: the connection reaches the accept queue.
            if let Some(l) = listener_for(listeners, f.peer) {
                if !self.accepted.contains(&f.local) && revents(l.fd, libc::POLLIN) == 0 {
                    wait.push(libc::pollfd { fd: l.fd, events: libc::POLLIN, revents: 0 });
                }
            }
            if f.eof {
                continue;
            }
            // What the peer sent to this socket: an open peer's send queue
            // says what is on its way.
            if let Some(s) = open.get(&(f.peer, f.local)) {
                let (outq, unsent) = send_queue(s.fd);
                if outq > unsent {
                    wait.push(libc::pollfd { fd: f.fd, events: libc::POLLIN, revents: 0 });
                } else if s.fin
                    && outq == 0
                    && revents(f.fd, libc::POLLRDHUP) & (libc::POLLRDHUP | libc::POLLHUP | libc::POLLERR) == 0
                {
                    wait.push(libc::pollfd { fd: f.fd, events: libc::POLLRDHUP, revents: 0 });
                }
                continue;
            }
            // A peer closed since: what it had sent, and its end.
            let Some(&sent) = self.closed.get(&(f.peer, f.local)) else { continue };
            let fin = true;
            let inq = queued(f.fd);
            if sent > f.read + inq && inq < READ_SIZE {
                wait.push(libc::pollfd { fd: f.fd, events: libc::POLLIN, revents: 0 });
            } else if fin
                && sent <= f.read + inq
                && revents(f.fd, libc::POLLRDHUP) & (libc::POLLRDHUP | libc::POLLHUP | libc::POLLERR) == 0
            {
                wait.push(libc::pollfd { fd: f.fd, events: libc::POLLRDHUP, revents: 0 });
            }
        }
        wait
    }

    /// Waits in real time until nothing is in flight between the program's
    /// own sockets (`flows` reads the driver's sockets afresh each time).
    /// `stop` ends the wait (the watchdog); so does a kernel that has not
    /// delivered within `GIVE_UP` (it always does: the guard is against a
    /// mistake in the rule, which would otherwise hang the program).
    pub fn land(
        &mut self,
        flows: &dyn Fn() -> (Vec<Flow>, Vec<Listener>, Vec<Datagrams>),
        stop: &dyn Fn() -> bool,
    ) -> bool {
        const GIVE_UP: Duration = Duration::from_secs(5);
        let start = Instant::now();
        let mut waited = false;
        loop {
            let (f, l, d) = flows();
            let mut wait = self.in_flight(&f, &l);
            for d in d.iter().filter(|d| d.expected > d.read) {
                if revents(d.fd, libc::POLLIN) == 0 {
                    wait.push(libc::pollfd { fd: d.fd, events: libc::POLLIN, revents: 0 });
                }
            }
            if wait.is_empty() || stop() || start.elapsed() > GIVE_UP {
                return waited;
            }
            waited = true;
            // SAFETY: `wait` is a valid array of pollfds; at most 1 ms, then
            // the counters are read again.
            let n = unsafe { libc::poll(wait.as_mut_ptr(), wait.len() as libc::nfds_t, 1) };
            if n > 0 {
                // Something was ready but not all of what is awaited (bytes
                // partly queued): let the kernel's receive path run.
                std::thread::sleep(Duration::from_micros(50));
            }
        }
    }
}
