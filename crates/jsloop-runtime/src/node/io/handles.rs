//! The handles the poller watches (libuv's uv_tcp_t, uv_pipe_t, uv_tty_t
//! streams and servers): listen, connect, adopt a descriptor, read, write,
//! shut down and close, and the readiness events that become `NetEvent`s.
use std::collections::VecDeque;
use std::io;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr};

use mio::net::{TcpListener, TcpStream};
use mio::{Interest, Token};

pub use super::event::NetEvent;
use super::{FsError, Io};
use crate::node::fd_stream::{Conn, FdStream};
use crate::node::loopback::{Datagrams, Flow, Listener};

pub(super) enum Handle {
    Listener {
        listener: TcpListener,
        refed: bool,
    },
    /// A Unix domain socket server (Node's Pipe): its path is removed when
    /// it closes, as libuv's uv_pipe close does.
    PathListener {
        listener: mio::net::UnixListener,
        refed: bool,
        path: String,
    },
    Stream(Box<StreamHandle>),
    /// A UDP socket (io/udp.rs).
    Udp(Box<super::udp::UdpHandle>),
}

pub(super) struct StreamHandle {
    pub(super) stream: Conn,
    /// The address connected to (for errors when the connect fails).
    pub(super) target: Option<SocketAddr>,
    pub(super) refed: bool,
    pub(super) connecting: bool,
    /// Bytes waiting to be written, with the write request each belongs to.
    pub(super) out: VecDeque<(Vec<u8>, u64)>,
    /// end() was called: shut the write side once `out` is flushed.
    pub(super) ending: bool,
    /// Bytes written just before the shutdown (a TLS close_notify: node/tls.rs).
    pub(super) trailer: Vec<u8>,
    pub(super) eof: bool,
    /// uv_read_stop was called (its readable buffer is full, or its data
    /// is left for another reader: the child the descriptor was passed to):
    /// it is not read, and it is not active (`refed` is the program's
    /// ref()/unref() alone).
    pub(super) stopped: bool,
    /// Registered for writability. An accepted socket is watched for
    /// reading only (libuv's uv_read_start: POLLIN), until a write would
    /// block (then POLLOUT too, from the next poll on, as libuv's watcher
    /// queue): a writable socket would otherwise sit on epoll's ready list
    /// from its accept on, ahead of what became ready later (the loop's
    /// wake-up descriptor).
    pub(super) watch_out: bool,
    /// A write would block: watch for writability from the next poll on.
    pub(super) wants_out: bool,
    /// A TCP socket's (local, peer) addresses (the peer: the target while
    /// connecting), bytes handed to the kernel and read, and whether its
    /// write side was shut: what the virtual clock's loopback rule reads
    /// (node/loopback.rs).
    pub(super) addrs: Option<(SocketAddr, SocketAddr)>,
    pub(super) sent: u64,
    pub(super) read: u64,
    pub(super) fin: bool,
}

/// The error of a failed socket operation, as Node shapes it.
pub fn net_error(e: &io::Error, syscall: &'static str, addr: Option<SocketAddr>) -> FsError {
    FsError::of(e, syscall, addr.map(|a| format!("{}:{}", a.ip(), a.port())), None)
}

/// A non-blocking TCP connect to `addr` from a socket bound to `local`
/// first (uv_tcp_bind, then uv_tcp_connect).
fn connect_from(addr: SocketAddr, local: SocketAddr) -> Result<TcpStream, FsError> {
    use socket2::{Domain, Protocol, Socket, Type};
    let bind_error = |e: &io::Error| net_error(e, "bind", Some(local));
    let socket = Socket::new(Domain::for_address(local), Type::STREAM, Some(Protocol::TCP))
        .map_err(|e| bind_error(&e))?;
    socket.set_nonblocking(true).map_err(|e| bind_error(&e))?;
    socket.bind(&local.into()).map_err(|e| bind_error(&e))?;
    match socket.connect(&addr.into()) {
        Ok(()) => {}
        Err(e) if e.raw_os_error() == Some(libc::EINPROGRESS) => {}
        Err(e) => return Err(net_error(&e, "connect", Some(addr))),
    }
    Ok(TcpStream::from_std(std::net::TcpStream::from(socket)))
}

/// The error of a failed operation on a Unix domain socket path.
fn path_error(e: &io::Error, syscall: &'static str, path: &str) -> FsError {
    FsError::from_io(e, syscall, path)
}

impl Io {
    /// `server.listen(port, host)`: bind and listen; returns the handle and
    /// the bound address.
    /// Its handle's id, the address bound and the socket's descriptor.
    pub fn listen(&self, addr: SocketAddr) -> Result<(u64, SocketAddr, i32), FsError> {
        let std = std::net::TcpListener::bind(addr).map_err(|e| net_error(&e, "listen", Some(addr)))?;
        std.set_nonblocking(true).map_err(|e| net_error(&e, "listen", Some(addr)))?;
        let listener = TcpListener::from_std(std);
        let local = listener.local_addr().map_err(|e| net_error(&e, "listen", Some(addr)))?;
        let fd = std::os::fd::AsRawFd::as_raw_fd(&listener);
        let id = self.new_handle_id();
        self.handles.borrow_mut().insert(id, Handle::Listener { listener, refed: true });
        self.register_later(id, Interest::READABLE);
        Ok((id, local, fd))
    }

    /// `net.connect(port, host)`: start a non-blocking connect.
    /// With `local`, the socket is bound to it first, as Node's
    /// internalConnect binds the handle to `localAddress`/`localPort`
    /// (lib/net.js): a failed bind is the error, with syscall `bind` and the
    /// local address.
    pub fn connect(&self, addr: SocketAddr, local: Option<SocketAddr>) -> Result<u64, FsError> {
        let stream = match local {
            None => TcpStream::connect(addr).map_err(|e| net_error(&e, "connect", Some(addr)))?,
            Some(local) => connect_from(addr, local)?,
        };
        let addrs = stream.local_addr().ok().map(|local| (local, addr));
        let id = self.new_handle_id();
        self.register_later(id, Interest::READABLE | Interest::WRITABLE);
        let handle = StreamHandle {
            stream: Conn::Tcp(stream),
            target: Some(addr),
            refed: true,
            connecting: true,
            out: VecDeque::new(),
            ending: false,
            trailer: Vec::new(),
            eof: false,
            stopped: false,
            watch_out: true,
            wants_out: false,
            addrs,
            sent: 0,
            read: 0,
            fin: false,
        };
        self.handles.borrow_mut().insert(id, Handle::Stream(Box::new(handle)));
        Ok(id)
    }

    /// `server.listen(path)`: a Unix domain socket server (Node's Pipe).
    pub fn listen_path(&self, path: &str) -> Result<u64, FsError> {
        let fail = |e: &io::Error| path_error(e, "listen", path);
        let std = std::os::unix::net::UnixListener::bind(path).map_err(|e| fail(&e))?;
        std.set_nonblocking(true).map_err(|e| fail(&e))?;
        let mut listener = mio::net::UnixListener::from_std(std);
        let id = self.new_handle_id();
        self.poll
            .borrow()
            .registry()
            .register(&mut listener, Token(id as usize), Interest::READABLE)
            .map_err(|e| fail(&e))?;
        self.handles
            .borrow_mut()
            .insert(id, Handle::PathListener { listener, refed: true, path: path.to_string() });
        Ok(id)
    }

    /// `net.connect({ path })`: a Unix domain socket connects at once (or
    /// fails at once, as uv_pipe_connect's connect(2) does). libuv then
    /// watches the socket for POLLOUT and reports the connection when poll
    /// finds it writable (`uv__stream_connect`), in the order epoll gives
    /// among the other ready descriptors (the server's accept, registered
    /// before it, first): so does this driver.
    ///
    /// A connect that fails (ENOENT, ECONNREFUSED) fails at once too, but
    /// libuv keeps the error as the handle's `delayed_error` and feeds the
    /// handle to the loop (`uv__io_feed`), so Node's 'error' comes from the
    /// loop, not from the call: here the failure is an event of the next
    /// poll phase.
    pub fn connect_path(&self, path: &str) -> Result<u64, FsError> {
        let fail = |e: &io::Error| path_error(e, "connect", path);
        let std = match std::os::unix::net::UnixStream::connect(path) {
            Ok(std) => std,
            Err(e) => {
                let socket = self.new_handle_id();
                self.ready.borrow_mut().push(NetEvent::Failed { socket, error: fail(&e) });
                return Ok(socket);
            }
        };
        std.set_nonblocking(true).map_err(|e| fail(&e))?;
        let id = self.adopt_fd(std.into(), true).map_err(|e| fail(&e))?;
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&id) {
            s.connecting = true;
        }
        Ok(id)
    }

    /// Adopts a pipe, socketpair or terminal descriptor as a stream handle
    /// (a child's stdio or IPC channel, the process's standard input):
    /// read and written as a socket is. `refed` false: it does not keep the
    /// loop alive until `set_ref` says so.
    pub fn adopt_fd(&self, fd: std::os::fd::OwnedFd, refed: bool) -> io::Result<u64> {
        let mut stream = Conn::Fd(FdStream::new(fd)?);
        let id = self.new_handle_id();
        self.poll.borrow().registry().register(
            &mut stream,
            Token(id as usize),
            Interest::READABLE | Interest::WRITABLE,
        )?;
        let handle = StreamHandle {
            stream,
            target: None,
            refed,
            connecting: false,
            out: VecDeque::new(),
            ending: false,
            eof: false,
            stopped: false,
            watch_out: true,
            wants_out: false,
            trailer: Vec::new(),
            addrs: None,
            sent: 0,
            read: 0,
            fin: false,
        };
        self.handles.borrow_mut().insert(id, Handle::Stream(Box::new(handle)));
        Ok(id)
    }

    /// `uv_read_stop`: the stream is no longer read (nor active: libuv's
    /// uv_read_stop stops the handle, so it keeps the loop alive only
    /// through its write requests). What the kernel receives from then on
    /// stays in its buffers, so a peer's writes wait once they are full.
    pub fn read_stop(&self, id: u64) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&id) {
            s.stopped = true;
        }
    }

    /// A read's event (data, end of file) about to be delivered to a stream
    /// that has stopped reading since it was read (its read callback,
    /// for an earlier read of the same poll, called uv_read_stop): libuv
    /// would not have read it (uv__read checks the stream is still reading
    /// before each read), so it is kept, in order, until the stream reads
    /// again. Returns whether it was kept.
    pub fn hold_if_stopped(&self, event: &NetEvent) -> bool {
        let socket = match event {
            NetEvent::Data { socket, .. } | NetEvent::End { socket } => *socket,
            _ => return false,
        };
        let stopped = matches!(self.handles.borrow().get(&socket), Some(Handle::Stream(s)) if s.stopped);
        if stopped {
            self.held.borrow_mut().entry(socket).or_default().push(event.clone());
        }
        stopped
    }

    /// `uv_read_start` after `read_stop`: read again. Re-registering the
    /// descriptor makes the poller report data already waiting (its
    /// readiness edge passed while it was stopped).
    pub fn read_start(&self, id: u64) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&id) {
            if s.stopped {
                s.stopped = false;
                // What was read before the stop and not delivered comes
                // first, in the next poll.
                if let Some(held) = self.held.borrow_mut().remove(&id) {
                    self.ready.borrow_mut().splice(0..0, held);
                }
                s.watch_out = true;
                s.wants_out = false;
                let _ = self.poll.borrow().registry().reregister(
                    &mut s.stream,
                    Token(id as usize),
                    Interest::READABLE | Interest::WRITABLE,
                );
            }
        }
    }

    /// Marks `id` as the signal self-pipe (see `signal_handle`).
    pub fn set_signal_handle(&self, id: u64) {
        self.signal_handle.set(id);
    }

    /// The descriptor of a stream handle (a stream passed as a child's stdio).
    pub fn raw_fd(&self, id: u64) -> Option<std::os::fd::RawFd> {
        match self.handles.borrow().get(&id) {
            Some(Handle::Stream(s)) => Some(s.stream.raw_fd()),
            _ => None,
        }
    }

    /// `socket.write(data)`: queue the bytes and write what the kernel takes
    /// now. A request the kernel took whole at once is complete: it returns
    /// 0 and nothing is reported later. Otherwise the request completes (its
    /// callback runs) in a poll phase. With `notify` false nobody waits for
    /// this write (no callback): its completion is not reported (request 0).
    pub fn write(&self, socket: u64, bytes: Vec<u8>, notify: bool) -> u64 {
        let request = if notify { self.next_request.get() } else { 0 };
        if notify {
            self.next_request.set(request + 1);
        }
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            s.out.push_back((bytes, request));
            if !s.connecting {
                let mut ready = self.ready.borrow_mut();
                Self::flush(socket, s, &mut ready);
                // Written at once (libuv's uv_try_write took it all): the
                // caller completes the write now, as Node does when a write
                // was not asynchronous, and no event follows.
                let done = |e: &NetEvent| matches!(e, NetEvent::Written { socket: id, request: r } if *id == socket && *r == request);
                if notify {
                    if let Some(at) = ready.iter().rposition(done) {
                        ready.remove(at);
                        return 0;
                    }
                }
            }
        }
        request
    }

    /// `socket.write(data)` of bytes the caller still owns (a Buffer the
    /// program passed): as [`Io::write`], but the bytes are written from
    /// where they are, as libuv's uv_try_write writes from the caller's
    /// buffer, and only what the kernel did not take at once is copied into
    /// the queue. Returns the request (0: written at once).
    pub fn write_slice(&self, socket: u64, bytes: &[u8], notify: bool) -> u64 {
        {
            let mut handles = self.handles.borrow_mut();
            let Some(Handle::Stream(s)) = handles.get_mut(&socket) else {
                drop(handles);
                return self.write(socket, bytes.to_vec(), notify);
            };
            if !s.connecting && s.out.is_empty() && !s.ending {
                let mut written = 0;
                while written < bytes.len() {
                    match s.stream.write(&bytes[written..]) {
                        Ok(n) => {
                            s.sent += n as u64;
                            written += n;
                            if n == 0 {
                                break;
                            }
                        }
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        // Would block, or failed: the queue's flush (below)
                        // meets it again and does what it does.
                        Err(_) => break,
                    }
                }
                if written == bytes.len() {
                    // libuv's uv_try_write took it all: complete, no event.
                    return 0;
                }
                drop(handles);
                return self.write(socket, bytes[written..].to_vec(), notify);
            }
        }
        self.write(socket, bytes.to_vec(), notify)
    }

    /// `socket.end()` (libuv's `uv_shutdown`): shut the write side once
    /// everything queued is written. Returns true when nothing is queued:
    /// libuv then feeds the stream to the loop's pending queue
    /// (`uv__io_feed`), and the caller queues the [`NetEvent::Shutdown`]
    /// there; when it runs, [`Io::shutdown_now`] shuts the write side
    /// (`uv__drain`) and the request completes. Otherwise the shutdown
    /// comes when the last write completes, with that poll's events.
    pub fn end(&self, socket: u64) -> bool {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            s.ending = true;
            if !s.connecting {
                let mut events = Vec::new();
                Self::flush(socket, s, &mut events);
                let fed = events.iter().any(|e| matches!(e, NetEvent::Shutdown { .. }));
                self.ready
                    .borrow_mut()
                    .extend(events.into_iter().filter(|e| !matches!(e, NetEvent::Shutdown { .. })));
                return fed;
            }
        }
        false
    }

    /// `end()` whose last bytes go out with the shutdown itself, as a TLS
    /// session's close_notify goes out with Node's shutdown.
    pub fn end_with(&self, socket: u64, trailer: Vec<u8>) -> bool {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            s.trailer = trailer;
        }
        self.end(socket)
    }

    /// libuv's `uv__drain` for a stream being shut down: the trailer, then
    /// `shutdown(fd, SHUT_WR)` (the peer reads its end of file).
    pub fn shutdown_now(&self, socket: u64) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            let trailer = std::mem::take(&mut s.trailer);
            if s.stream.write_all(&trailer).is_ok() {
                s.sent += trailer.len() as u64;
            }
            s.fin = s.stream.shutdown(Shutdown::Write).is_ok();
        }
    }

    /// Closes a handle (a server stops listening; a socket is destroyed).
    pub fn close(&self, id: u64) {
        self.held.borrow_mut().remove(&id);
        if let Some(h) = self.handles.borrow_mut().remove(&id) {
            let registry = self.poll.borrow();
            match h {
                Handle::Listener { mut listener, .. } => {
                    let _ = registry.registry().deregister(&mut listener);
                }
                Handle::PathListener { mut listener, path, .. } => {
                    let _ = registry.registry().deregister(&mut listener);
                    let _ = std::fs::remove_file(path);
                }
                Handle::Stream(mut s) => {
                    let _ = registry.registry().deregister(&mut s.stream);
                    let _ = s.stream.shutdown(Shutdown::Both);
                    if let Some(flow) = Self::flow(&s) {
                        self.loopback.borrow_mut().closed(&flow);
                    }
                }
                Handle::Udp(mut u) => {
                    let _ = registry.registry().deregister(&mut u.socket);
                }
            }
        }
    }

    /// `socket.resetAndDestroy()`: closes a TCP socket with SO_LINGER set
    /// to zero, so the peer gets a RST (Node's TCPWrap::Reset, libuv's
    /// uv_tcp_close_reset), not a FIN.
    pub fn reset(&self, id: u64) {
        self.held.borrow_mut().remove(&id);
        if let Some(Handle::Stream(mut s)) = self.handles.borrow_mut().remove(&id) {
            let _ = self.poll.borrow().registry().deregister(&mut s.stream);
            if let Some(flow) = Self::flow(&s) {
                self.loopback.borrow_mut().closed(&flow);
            }
            let linger = libc::linger { l_onoff: 1, l_linger: 0 };
            // SAFETY: the descriptor is open (owned by `s`, dropped below)
            // and `linger` is a valid SO_LINGER value of the size given.
            unsafe {
                libc::setsockopt(
                    s.stream.raw_fd(),
                    libc::SOL_SOCKET,
                    libc::SO_LINGER,
                    (&linger as *const libc::linger).cast(),
                    std::mem::size_of::<libc::linger>() as libc::socklen_t,
                );
            }
        }
    }

    /// A stream as the loopback rule sees it (TCP sockets only).
    fn flow(s: &StreamHandle) -> Option<Flow> {
        let (local, peer) = s.addrs?;
        Some(Flow {
            fd: s.stream.raw_fd(),
            local,
            peer,
            connecting: s.connecting,
            sent: s.sent,
            fin: s.fin,
            read: s.read,
            eof: s.eof,
        })
    }

    /// The open TCP sockets and listeners, for the loopback rule.
    fn flows(&self) -> (Vec<Flow>, Vec<Listener>, Vec<Datagrams>) {
        use std::os::fd::AsRawFd;
        let handles = self.handles.borrow();
        let mut flows = Vec::new();
        let mut listeners = Vec::new();
        let mut datagrams = Vec::new();
        for h in handles.values() {
            match h {
                Handle::Stream(s) => flows.extend(Self::flow(s)),
                Handle::Listener { listener, .. } => {
                    if let Ok(local) = listener.local_addr() {
                        listeners.push(Listener { fd: listener.as_raw_fd(), local });
                    }
                }
                Handle::PathListener { .. } => {}
                Handle::Udp(u) => {
                    if u.expected > u.read {
                        datagrams.push(Datagrams {
                            fd: u.socket.as_raw_fd(),
                            expected: u.expected,
                            read: u.read,
                        });
                    }
                }
            }
        }
        (flows, listeners, datagrams)
    }

    /// The virtual clock's loopback rule (node/loopback.rs): waits, in real
    /// time, until no bytes, end or connect are in flight between two of
    /// the program's own sockets, so that the poll that follows sees what
    /// Node's sees. Returns whether it had to wait.
    pub fn land_own(&self, stop: &dyn Fn() -> bool) -> bool {
        if self.handles.borrow().is_empty() {
            return false;
        }
        self.loopback.borrow_mut().land(&|| self.flows(), stop)
    }

    /// `socket.setNoDelay()`: TCP_NODELAY on a TCP socket (Nagle's
    /// algorithm off), as libuv's uv_tcp_nodelay; other streams ignore it.
    pub fn set_nodelay(&self, id: u64, on: bool) {
        if let Some(Handle::Stream(s)) = self.handles.borrow().get(&id) {
            if let Conn::Tcp(tcp) = &s.stream {
                let _ = tcp.set_nodelay(on);
            }
        }
    }

    /// `ref()` / `unref()` on a server or socket handle: an unreferenced
    /// handle does not keep the loop alive. Unknown handles are ignored.
    pub fn set_ref(&self, id: u64, on: bool) {
        match self.handles.borrow_mut().get_mut(&id) {
            Some(Handle::Listener { refed, .. }) | Some(Handle::PathListener { refed, .. }) => *refed = on,
            Some(Handle::Stream(s)) => s.refed = on,
            Some(Handle::Udp(u)) => u.refed = on,
            None => {}
        }
    }

    fn flush(id: u64, s: &mut StreamHandle, ready: &mut Vec<NetEvent>) {
        while let Some((bytes, request)) = s.out.front_mut() {
            match s.stream.write(bytes) {
                Ok(n) if n == bytes.len() => {
                    s.sent += n as u64;
                    let request = *request;
                    s.out.pop_front();
                    if request != 0 {
                        ready.push(NetEvent::Written { socket: id, request });
                    }
                }
                Ok(n) => {
                    s.sent += n as u64;
                    bytes.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    s.wants_out = !s.watch_out;
                    return;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    s.out.clear();
                    ready.push(NetEvent::Failed { socket: id, error: net_error(&e, "write", None) });
                    return;
                }
            }
        }
        if s.ending {
            // The shutdown itself happens when the loop next polls (as libuv
            // drains a stream's write queue there), so the peer sees the end
            // of the stream on a later turn, as with libuv.
            s.ending = false;
            ready.push(NetEvent::Shutdown { socket: id });
        }
    }

    /// Turns one readiness event into TCP events.
    ///
    /// `wake_seen`: the wake-up descriptor came before this one in this poll.
    pub(super) fn handle_event(
        &self,
        token: Token,
        readable: bool,
        writable: bool,
        hangup: bool,
        wake_seen: bool,
        out: &mut Vec<NetEvent>,
    ) {
        let id = token.0 as u64;
        let mut accepted = Vec::new();
        let mut accepted_paths = Vec::new();
        let mut datagrams_sent = Vec::new();
        {
            let mut handles = self.handles.borrow_mut();
            match handles.get_mut(&id) {
                Some(Handle::Udp(u)) => {
                    datagrams_sent = self.udp_event(id, u, readable, writable, wake_seen, out);
                }
                Some(Handle::Listener { listener, .. }) => loop {
                    match listener.accept() {
                        Ok((stream, remote)) => accepted.push((stream, remote)),
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(_) => break,
                    }
                },
                Some(Handle::PathListener { listener, .. }) => loop {
                    match listener.accept() {
                        Ok((stream, _)) => accepted_paths.push(stream),
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(_) => break,
                    }
                },
                Some(Handle::Stream(s)) => {
                    if s.connecting && writable && matches!(s.stream, Conn::Fd(_)) {
                        // A Unix domain socket's connect (connect_path): done.
                        s.connecting = false;
                        out.push(NetEvent::ConnectedPath { socket: id });
                        Self::flush(id, s, out);
                    } else if s.connecting && (writable || readable) {
                        match s.stream.take_error() {
                            Ok(Some(e)) | Err(e) => {
                                let addr = s.target;
                                out.push(NetEvent::Failed {
                                    socket: id,
                                    error: net_error(&e, "connect", addr),
                                });
                                s.connecting = false;
                                s.out.clear();
                                return;
                            }
                            Ok(None) => match s.stream.peer_addr() {
                                Ok(remote) => {
                                    s.connecting = false;
                                    let local = s.stream.local_addr().unwrap_or(remote);
                                    s.addrs = Some((local, remote));
                                    out.push(NetEvent::Connected { socket: id, remote, local });
                                    Self::flush(id, s, out);
                                }
                                Err(e) if e.kind() == io::ErrorKind::NotConnected => return,
                                Err(e) => {
                                    out.push(NetEvent::Failed {
                                        socket: id,
                                        error: net_error(&e, "connect", None),
                                    });
                                    s.connecting = false;
                                    return;
                                }
                            },
                        }
                    } else if writable {
                        Self::flush(id, s, out);
                    }
                    if readable && !s.connecting && !s.eof && !s.stopped {
                        let mut buf = self.read_buffer();
                        // uv__read returns after a read that did not fill
                        // the buffer (UV_HANDLE_READ_PARTIAL): what came
                        // after it (more bytes, the end of file, an error)
                        // is read when the next poll reports the descriptor
                        // again (libuv's epoll is level-triggered). Here the
                        // descriptor is edge-triggered, so it is read now and
                        // the rest waits for the next poll (`ready`).
                        let mut later = false;
                        loop {
                            let result = s.stream.read(&mut buf[..]);
                            let event = match result {
                                Ok(0) => {
                                    s.eof = true;
                                    NetEvent::End { socket: id }
                                }
                                Ok(n) => {
                                    s.read += n as u64;
                                    NetEvent::Data { socket: id, bytes: buf[..n].to_vec() }
                                }
                                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                                Err(e) => NetEvent::Failed { socket: id, error: net_error(&e, "read", None) },
                            };
                            let last = !matches!(event, NetEvent::Data { .. });
                            let partial =
                                matches!(&event, NetEvent::Data { bytes, .. } if bytes.len() < buf.len());
                            if later {
                                self.again.borrow_mut().push((event, wake_seen));
                            } else {
                                out.push(event);
                            }
                            if last {
                                break;
                            }
                            // A TCP read that did not fill the buffer emptied
                            // the socket's receive queue: what arrives after
                            // it (bytes, the end of file) wakes the
                            // edge-triggered descriptor again, and the next
                            // poll reports it, as libuv's reports it again
                            // after its partial read. Only an end of file or
                            // an error already signalled in this event (the
                            // peer's FIN came before the poll: no new edge
                            // follows) is read now, for the next poll; so a
                            // partial read costs one read(2), as libuv's does,
                            // not a second one that would block.
                            if partial && !hangup && matches!(s.stream, Conn::Tcp(_)) {
                                break;
                            }
                            later |= partial;
                        }
                    }
                }
                None => {}
            }
        }
        for to in datagrams_sent {
            self.udp_count_sent(to);
        }
        for (stream, remote) in accepted {
            let socket = self.new_handle_id();
            let local = stream.local_addr().unwrap_or(remote);
            self.register_later(socket, Interest::READABLE);
            let handle = StreamHandle {
                stream: Conn::Tcp(stream),
                target: Some(remote),
                refed: true,
                connecting: false,
                out: VecDeque::new(),
                ending: false,
                trailer: Vec::new(),
                eof: false,
                stopped: false,
                watch_out: false,
                wants_out: false,
                addrs: Some((local, remote)),
                sent: 0,
                read: 0,
                fin: false,
            };
            self.handles.borrow_mut().insert(socket, Handle::Stream(Box::new(handle)));
            self.loopback.borrow_mut().accepted(remote);
            out.push(NetEvent::Accepted { server: id, socket, remote, local });
        }
        for stream in accepted_paths {
            let fd = std::os::fd::OwnedFd::from(std::os::unix::net::UnixStream::from(stream));
            if let Ok(socket) = self.adopt_fd(fd, true) {
                out.push(NetEvent::AcceptedPath { server: id, socket });
            }
        }
    }
}
