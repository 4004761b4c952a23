//! The node host's I/O: a thread pool for file system work (libuv's, 4
//! threads unless `UV_THREADPOOL_SIZE` says otherwise) and a mio poller,
//! woken when pool work completes, that the poll phase blocks on.
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr};

use mio::net::{TcpListener, TcpStream};
use mio::{Events, Interest, Poll, Token, Waker};

use super::fd_stream::{Conn, FdStream};

const WAKE: Token = Token(0);

/// A request's id.
pub type RequestId = u64;

pub use super::fs_ops::{FsResult, FsValue};

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
    /// The error of a failed file operation `syscall` on `path`.
    pub fn from_io(e: &io::Error, syscall: &'static str, path: &str) -> Self {
        let raw = e.raw_os_error().unwrap_or(0);
        let (code, description) = errno_name(raw, e.kind());
        FsError { code, errno: -raw, syscall, path: Some(path.to_string()), dest: None, description }
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

type Job = Box<dyn FnOnce() + Send>;

/// libuv's thread pool: started on first use, `UV_THREADPOOL_SIZE` threads.
struct ThreadPool {
    queue: Arc<(Mutex<VecDeque<Job>>, Condvar)>,
    started: Cell<bool>,
}

impl ThreadPool {
    fn new() -> Self {
        ThreadPool {
            queue: Arc::new((Mutex::new(VecDeque::new()), Condvar::new())),
            started: Cell::new(false),
        }
    }

    fn size() -> usize {
        std::env::var("UV_THREADPOOL_SIZE").ok().and_then(|s| s.parse().ok()).unwrap_or(4).clamp(1, 1024)
    }

    fn execute(&self, job: Job) {
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

/// A TCP event, delivered in the poll phase.
#[derive(Debug, Clone)]
pub enum NetEvent {
    /// A server accepted a connection, now socket `socket`.
    Accepted {
        /// The listening handle.
        server: u64,
        /// The new connection's handle.
        socket: u64,
        /// The peer's address.
        remote: SocketAddr,
        /// The local address.
        local: SocketAddr,
    },
    /// A server on a Unix domain socket accepted a connection.
    AcceptedPath {
        /// The listening handle.
        server: u64,
        /// The new connection's handle.
        socket: u64,
    },
    /// A connect to a Unix domain socket finished.
    ConnectedPath {
        /// The socket's handle.
        socket: u64,
    },
    /// A connect finished.
    Connected {
        /// The socket's handle.
        socket: u64,
        /// The peer's address.
        remote: SocketAddr,
        /// The local address.
        local: SocketAddr,
    },
    /// A connect or a socket failed.
    Failed {
        /// The socket's handle.
        socket: u64,
        /// What failed.
        error: FsError,
    },
    /// Bytes arrived.
    Data {
        /// The socket's handle.
        socket: u64,
        /// The bytes read.
        bytes: Vec<u8>,
    },
    /// The peer ended its side (EOF).
    End {
        /// The socket's handle.
        socket: u64,
    },
    /// A write request completed.
    Written {
        /// The socket's handle.
        socket: u64,
        /// The write request ([`Io::write`]'s result).
        request: u64,
    },
    /// end()'s shutdown of the write side completed.
    Shutdown {
        /// The socket's handle.
        socket: u64,
    },
}

/// What `Io::wait` returns: completed file requests and TCP events, in the
/// order they were seen.
#[derive(Debug)]
pub enum Completion {
    /// A file request ([`Io::submit`]'s id) finished with this result.
    Fs(RequestId, FsResult),
    /// A TCP event.
    Net(NetEvent),
}

enum Handle {
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
}

struct StreamHandle {
    stream: Conn,
    /// The address connected to (for errors when the connect fails).
    target: Option<SocketAddr>,
    refed: bool,
    connecting: bool,
    /// Bytes waiting to be written, with the write request each belongs to.
    out: VecDeque<(Vec<u8>, u64)>,
    /// end() was called: shut the write side once `out` is flushed.
    ending: bool,
    /// Bytes written just before the shutdown (a TLS close_notify: node/tls.rs).
    trailer: Vec<u8>,
    eof: bool,
    /// uv_read_stop was called: its data is left for another reader (the
    /// child the descriptor was passed to).
    stopped: bool,
    /// Registered for writability. An accepted socket is watched for
    /// reading only (libuv's uv_read_start: POLLIN), until a write would
    /// block (then POLLOUT too, from the next poll on, as libuv's watcher
    /// queue): a writable socket would otherwise sit on epoll's ready list
    /// from its accept on, ahead of what became ready later (the loop's
    /// wake-up descriptor).
    watch_out: bool,
    /// A write would block: watch for writability from the next poll on.
    wants_out: bool,
}

/// The error of a failed socket operation, as Node shapes it.
pub fn net_error(e: &io::Error, syscall: &'static str, addr: Option<SocketAddr>) -> FsError {
    let raw = e.raw_os_error().unwrap_or(0);
    let (code, description) = errno_name(raw, e.kind());
    FsError {
        code,
        errno: -raw,
        syscall,
        path: addr.map(|a| format!("{}:{}", a.ip(), a.port())),
        dest: None,
        description,
    }
}

/// The error of a failed operation on a Unix domain socket path.
fn path_error(e: &io::Error, syscall: &'static str, path: &str) -> FsError {
    let raw = e.raw_os_error().unwrap_or(0);
    let (code, description) = errno_name(raw, e.kind());
    FsError { code, errno: -raw, syscall, path: Some(path.to_string()), dest: None, description }
}

/// The I/O driver of one node host.
pub struct Io {
    poll: RefCell<Poll>,
    events: RefCell<Events>,
    waker: Arc<Waker>,
    pool: ThreadPool,
    done_tx: Sender<(RequestId, FsResult)>,
    done_rx: Receiver<(RequestId, FsResult)>,
    next_request: Cell<RequestId>,
    /// Requests submitted and not yet delivered.
    pub in_flight: Cell<usize>,
    handles: RefCell<HashMap<u64, Handle>>,
    next_handle: Cell<u64>,
    /// Events already known (a write that completed at once) for the next wait.
    ready: RefCell<Vec<NetEvent>>,
    /// One read buffer for every socket (not zeroed per read).
    read_buffer: RefCell<Vec<u8>>,
    /// The signal self-pipe's handle: its events come after the other
    /// I/O of the same poll, as libuv runs its signal watcher last.
    signal_handle: Cell<u64>,
    /// Bytes were written (or a write side shut) since the last wait that
    /// found nothing: see [`Io::take_wrote`].
    wrote: Cell<bool>,
    /// How many socket events of the last `wait` epoll reported after the
    /// wake-up descriptor.
    pub after_wake: Cell<usize>,
    /// This thread wrote the wake-up descriptor since the last poll.
    woken: Cell<bool>,
    /// Watchers started since the last poll (libuv's watcher queue).
    to_register: RefCell<Vec<(u64, Interest)>>,
}

impl Io {
    /// A driver with its own poller and waker; the thread pool starts on
    /// the first request.
    pub fn new() -> io::Result<Self> {
        let poll = Poll::new()?;
        let waker = Arc::new(Waker::new(poll.registry(), WAKE)?);
        let (done_tx, done_rx) = channel();
        Ok(Io {
            poll: RefCell::new(poll),
            events: RefCell::new(Events::with_capacity(256)),
            waker,
            pool: ThreadPool::new(),
            done_tx,
            done_rx,
            next_request: Cell::new(1),
            in_flight: Cell::new(0),
            handles: RefCell::new(HashMap::new()),
            next_handle: Cell::new(1),
            ready: RefCell::new(Vec::new()),
            read_buffer: RefCell::new(vec![0u8; 64 * 1024]),
            signal_handle: Cell::new(0),
            wrote: Cell::new(false),
            after_wake: Cell::new(0),
            woken: Cell::new(false),
            to_register: RefCell::new(Vec::new()),
        })
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
                // Closed before the loop polled.
                _ => continue,
            };
        }
    }

    /// `uv_async_send` from this thread: the wake-up descriptor becomes
    /// readable now, and the next `wait` looks at it (a system call even
    /// with no socket, so that it is not left for a later poll to report).
    pub fn wake_self(&self) {
        self.woken.set(true);
        let _ = self.waker.wake();
    }

    pub fn waker(&self) -> Arc<Waker> {
        self.waker.clone()
    }

    fn new_handle_id(&self) -> u64 {
        let id = self.next_handle.get();
        self.next_handle.set(id + 1);
        id
    }

    /// Referenced open handles (listening servers, sockets), and requests in
    /// flight on them (connects, unflushed writes).
    pub fn net_counts(&self) -> (usize, usize) {
        let handles = self.handles.borrow();
        let mut active = 0;
        let mut requests = 0;
        for h in handles.values() {
            match h {
                Handle::Listener { refed, .. } | Handle::PathListener { refed, .. } => {
                    active += usize::from(*refed)
                }
                Handle::Stream(s) => {
                    active += usize::from(s.refed);
                    requests += usize::from(s.connecting) + s.out.len();
                }
            }
        }
        (active, requests + self.ready.borrow().len())
    }

    /// `server.listen(port, host)`: bind and listen; returns the handle and
    /// the bound address.
    pub fn listen(&self, addr: SocketAddr) -> Result<(u64, SocketAddr), FsError> {
        let std = std::net::TcpListener::bind(addr).map_err(|e| net_error(&e, "listen", Some(addr)))?;
        std.set_nonblocking(true).map_err(|e| net_error(&e, "listen", Some(addr)))?;
        let listener = TcpListener::from_std(std);
        let local = listener.local_addr().map_err(|e| net_error(&e, "listen", Some(addr)))?;
        let id = self.new_handle_id();
        self.handles.borrow_mut().insert(id, Handle::Listener { listener, refed: true });
        self.register_later(id, Interest::READABLE);
        Ok((id, local))
    }

    /// `net.connect(port, host)`: start a non-blocking connect.
    pub fn connect(&self, addr: SocketAddr) -> Result<u64, FsError> {
        let stream = TcpStream::connect(addr).map_err(|e| net_error(&e, "connect", Some(addr)))?;
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
        };
        self.handles.borrow_mut().insert(id, Handle::Stream(Box::new(handle)));
        Ok(id)
    }

    /// `uv_read_stop`: the stream is no longer read (nor active).
    pub fn read_stop(&self, id: u64) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&id) {
            s.stopped = true;
            s.refed = false;
        }
    }

    /// `uv_read_start` after `read_stop`: read again. Re-registering the
    /// descriptor makes the poller report data already waiting (its
    /// readiness edge passed while it was stopped).
    pub fn read_start(&self, id: u64) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&id) {
            if s.stopped {
                s.stopped = false;
                s.refed = true;
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
        self.wrote.set(true);
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

    /// `socket.end()`: shut the write side once everything queued is written.
    pub fn end(&self, socket: u64) {
        self.wrote.set(true);
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            s.ending = true;
            if !s.connecting {
                Self::flush(socket, s, &mut self.ready.borrow_mut());
            }
        }
    }

    /// `end()` whose last bytes go out with the shutdown itself (when the
    /// loop next polls), as a TLS session's close_notify goes out with
    /// Node's shutdown.
    pub fn end_with(&self, socket: u64, trailer: Vec<u8>) {
        if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(&socket) {
            s.trailer = trailer;
        }
        self.end(socket);
    }

    /// Closes a handle (a server stops listening; a socket is destroyed).
    pub fn close(&self, id: u64) {
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
                }
            }
        }
    }

    /// `socket.resetAndDestroy()`: closes a TCP socket with SO_LINGER set
    /// to zero, so the peer gets a RST (Node's TCPWrap::Reset, libuv's
    /// uv_tcp_close_reset), not a FIN.
    pub fn reset(&self, id: u64) {
        if let Some(Handle::Stream(mut s)) = self.handles.borrow_mut().remove(&id) {
            let _ = self.poll.borrow().registry().deregister(&mut s.stream);
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
            None => {}
        }
    }

    fn flush(id: u64, s: &mut StreamHandle, ready: &mut Vec<NetEvent>) {
        while let Some((bytes, request)) = s.out.front_mut() {
            match s.stream.write(bytes) {
                Ok(n) if n == bytes.len() => {
                    let request = *request;
                    s.out.pop_front();
                    if request != 0 {
                        ready.push(NetEvent::Written { socket: id, request });
                    }
                }
                Ok(n) => {
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
    fn handle_event(&self, token: Token, readable: bool, writable: bool, out: &mut Vec<NetEvent>) {
        let id = token.0 as u64;
        let mut accepted = Vec::new();
        let mut accepted_paths = Vec::new();
        {
            let mut handles = self.handles.borrow_mut();
            match handles.get_mut(&id) {
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
                        let mut buf = self.read_buffer.borrow_mut();
                        // uv__read stops after a read that did not fill the
                        // buffer, so a pipe's end of file comes in a later
                        // poll than the data before it: here it waits for
                        // the next poll (edge-triggered, it must be read now).
                        let mut partial = false;
                        loop {
                            match s.stream.read(&mut buf[..]) {
                                Ok(0) => {
                                    s.eof = true;
                                    if partial {
                                        self.ready.borrow_mut().push(NetEvent::End { socket: id });
                                    } else {
                                        out.push(NetEvent::End { socket: id });
                                    }
                                    break;
                                }
                                Ok(n) => {
                                    partial = n < buf.len() && matches!(s.stream, Conn::Fd(_));
                                    out.push(NetEvent::Data { socket: id, bytes: buf[..n].to_vec() })
                                }
                                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                                Err(e) => {
                                    out.push(NetEvent::Failed {
                                        socket: id,
                                        error: net_error(&e, "read", None),
                                    });
                                    break;
                                }
                            }
                        }
                    }
                }
                None => {}
            }
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
            };
            self.handles.borrow_mut().insert(socket, Handle::Stream(Box::new(handle)));
            out.push(NetEvent::Accepted { server: id, socket, remote, local });
        }
        for stream in accepted_paths {
            let fd = std::os::fd::OwnedFd::from(std::os::unix::net::UnixStream::from(stream));
            if let Ok(socket) = self.adopt_fd(fd, true) {
                out.push(NetEvent::AcceptedPath { server: id, socket });
            }
        }
    }

    /// Whether this driver wrote to a socket (or shut one's write side)
    /// since a wait last found nothing, clearing the mark. Bytes sent to a
    /// peer in this same process (a loopback server and its client) are not
    /// always readable at once: the kernel may deliver them a moment later.
    /// Under the virtual clock the loop looks without blocking and then lets
    /// the clock jump to the next timer, so it first gives such bytes that
    /// moment (NodeJsHost::poll_io).
    pub fn take_wrote(&self) -> bool {
        self.wrote.replace(false)
    }

    /// Marks that a wait found something (the mark stays while the loop
    /// makes progress).
    pub fn keep_wrote(&self) {
        self.wrote.set(true);
    }

    /// Runs `work` on the thread pool; its result comes back from `wait`.
    pub fn submit(&self, work: impl FnOnce() -> FsResult + Send + 'static) -> RequestId {
        let id = self.next_request.get();
        self.next_request.set(id + 1);
        self.in_flight.set(self.in_flight.get() + 1);
        let tx = self.done_tx.clone();
        let waker = self.waker.clone();
        self.pool.execute(Box::new(move || {
            let result = work();
            let _ = tx.send((id, result));
            let _ = waker.wake();
        }));
        id
    }

    /// Waits until every thread-pool request in flight has completed and
    /// returns them in the order they were made, without looking at the
    /// poller (the virtual clock's zero-timeout poll: the pool is taken to be
    /// idle and quick, so what was submitted before a poll phase completes in
    /// it, as it does on Node when the work is short).
    pub fn wait_pool(&self, stop: &dyn Fn() -> bool) -> Vec<Completion> {
        let mut done = Vec::new();
        while done.len() < self.in_flight.get() && !stop() {
            match self.done_rx.recv_timeout(Duration::from_millis(250)) {
                Ok(d) => done.push(d),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
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
        let mut out: Vec<Completion> = Vec::new();
        let ready: Vec<NetEvent> = self.ready.borrow_mut().drain(..).collect();
        let had_ready = !ready.is_empty();
        out.extend(ready.into_iter().map(Completion::Net));
        let mut done: Vec<_> = self.done_rx.try_iter().collect();
        let timeout = if had_ready || !done.is_empty() { Some(Duration::ZERO) } else { timeout };
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
        let mut wake_at = None;
        for event in events.iter() {
            if event.token() == WAKE {
                wake_at.get_or_insert(net.len());
            } else {
                self.handle_event(
                    event.token(),
                    event.is_readable() || event.is_read_closed(),
                    event.is_writable(),
                    &mut net,
                );
            }
        }
        // Shut down the write sides whose end() is now due (after polling, so
        // the peer sees the end of the stream on the next turn).
        for c in &out {
            if let Completion::Net(NetEvent::Shutdown { socket }) = c {
                if let Some(Handle::Stream(s)) = self.handles.borrow_mut().get_mut(socket) {
                    self.wrote.set(true);
                    let trailer = std::mem::take(&mut s.trailer);
                    let _ = s.stream.write_all(&trailer);
                    let _ = s.stream.shutdown(Shutdown::Write);
                }
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
        done.extend(self.done_rx.try_iter());
        self.in_flight.set(self.in_flight.get().saturating_sub(done.len()));
        // The sockets reported before the wake-up descriptor, the thread
        // pool's completions (its async handle, the loop's first), then the
        // sockets reported after it (counted in `after_wake`).
        let after = wake_at.map_or(0, |at| net.len().saturating_sub(at));
        self.after_wake.set(after);
        let later = net.split_off(net.len() - after);
        let fs = done.into_iter().map(|(id, r)| Completion::Fs(id, r));
        if wake_at.is_some() {
            out.extend(net.into_iter().map(Completion::Net));
            out.extend(fs);
        } else {
            out.extend(fs);
            out.extend(net.into_iter().map(Completion::Net));
        }
        out.extend(later.into_iter().map(Completion::Net));
        out
    }
}
