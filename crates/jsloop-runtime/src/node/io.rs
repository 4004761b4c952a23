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

/// What a file system operation produced.
#[derive(Debug, Clone)]
pub enum FsValue {
    /// Nothing (`writeFile`, `mkdir`, `unlink`, …).
    Unit,
    /// File contents (`readFile`, `read`).
    Bytes(Vec<u8>),
    /// File metadata (`stat`, `lstat`).
    Stat(Stat),
    /// Directory entries (`readdir`).
    Names(Vec<String>),
    /// A yes or no (`exists`).
    Bool(bool),
    /// A path (`realpath`).
    Text(String),
    /// A number (a file descriptor from `open`, a byte count from `write`).
    Number(f64),
}

/// The parts of `fs.Stats` jsloop reports.
#[derive(Debug, Clone, Default)]
pub struct Stat {
    /// `stats.isFile()`.
    pub is_file: bool,
    /// `stats.isDirectory()`.
    pub is_dir: bool,
    /// `stats.isSymbolicLink()`.
    pub is_symlink: bool,
    /// `stats.size`, in bytes.
    pub size: u64,
    /// `stats.mode`: file type and permission bits.
    pub mode: u32,
    /// `stats.mtimeMs`: last modification, ms since the Unix epoch.
    pub mtime_ms: f64,
    /// `stats.atimeMs`: last access.
    pub atime_ms: f64,
    /// `stats.ctimeMs`: last status change.
    pub ctime_ms: f64,
    /// `stats.birthtimeMs`: creation (0 where the file system does not say).
    pub birthtime_ms: f64,
    /// `stats.ino`.
    pub ino: u64,
    /// `stats.dev`.
    pub dev: u64,
    /// `stats.nlink`.
    pub nlink: u64,
    /// `stats.uid`.
    pub uid: u32,
    /// `stats.gid`.
    pub gid: u32,
}

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

/// What a file system operation ends with.
pub type FsResult = Result<FsValue, FsError>;

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
    Listener { listener: TcpListener, refed: bool },
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
        })
    }

    /// Wakes a poll in progress (from any thread).
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
                Handle::Listener { refed, .. } => active += usize::from(*refed),
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
        let mut listener = TcpListener::from_std(std);
        let local = listener.local_addr().map_err(|e| net_error(&e, "listen", Some(addr)))?;
        let id = self.new_handle_id();
        self.poll
            .borrow()
            .registry()
            .register(&mut listener, Token(id as usize), Interest::READABLE)
            .map_err(|e| net_error(&e, "listen", Some(addr)))?;
        self.handles.borrow_mut().insert(id, Handle::Listener { listener, refed: true });
        Ok((id, local))
    }

    /// `net.connect(port, host)`: start a non-blocking connect.
    pub fn connect(&self, addr: SocketAddr) -> Result<u64, FsError> {
        let mut stream = TcpStream::connect(addr).map_err(|e| net_error(&e, "connect", Some(addr)))?;
        let id = self.new_handle_id();
        self.poll
            .borrow()
            .registry()
            .register(&mut stream, Token(id as usize), Interest::READABLE | Interest::WRITABLE)
            .map_err(|e| net_error(&e, "connect", Some(addr)))?;
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
        };
        self.handles.borrow_mut().insert(id, Handle::Stream(Box::new(handle)));
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

    /// `ref()` / `unref()` on a server or socket handle: an unreferenced
    /// handle does not keep the loop alive. Unknown handles are ignored.
    pub fn set_ref(&self, id: u64, on: bool) {
        match self.handles.borrow_mut().get_mut(&id) {
            Some(Handle::Listener { refed, .. }) => *refed = on,
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
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
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
                Some(Handle::Stream(s)) => {
                    if s.connecting && (writable || readable) {
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
        for (mut stream, remote) in accepted {
            let socket = self.new_handle_id();
            let local = stream.local_addr().unwrap_or(remote);
            if self
                .poll
                .borrow()
                .registry()
                .register(&mut stream, Token(socket as usize), Interest::READABLE | Interest::WRITABLE)
                .is_err()
            {
                continue;
            }
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
            };
            self.handles.borrow_mut().insert(socket, Handle::Stream(Box::new(handle)));
            out.push(NetEvent::Accepted { server: id, socket, remote, local });
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
        let mut events = self.events.borrow_mut();
        // A poll that may not block, with no socket registered and no file
        // request in flight, could only report the waker (whose news is in
        // the inbox, which the caller reads): no system call.
        if timeout == Some(Duration::ZERO) && self.handles.borrow().is_empty() && self.in_flight.get() == 0 {
            events.clear();
        } else {
            // A signal (Ctrl-C) ends the wait, so the loop can look at it.
            let timeout =
                timeout.map(|t| t.min(Duration::from_millis(250))).or(Some(Duration::from_millis(250)));
            let _ = self.poll.borrow_mut().poll(&mut events, timeout);
        }
        let mut net = Vec::new();
        for event in events.iter() {
            if event.token() != WAKE {
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
        out.extend(done.into_iter().map(|(id, r)| Completion::Fs(id, r)));
        out.extend(net.into_iter().map(Completion::Net));
        out
    }
}

/// The file system operations, run on the pool or, for the `*Sync`
/// functions, on the loop's thread.
pub mod fs_ops {
    use super::*;
    use std::fs;
    use std::io::{Seek, SeekFrom};
    use std::os::unix::io::AsRawFd;
    use std::sync::OnceLock;
    use std::time::UNIX_EPOCH;

    /// Open files by descriptor (`fs.open` gives the OS's own number, as Node does).
    fn fds() -> &'static Mutex<HashMap<i32, fs::File>> {
        static FDS: OnceLock<Mutex<HashMap<i32, fs::File>>> = OnceLock::new();
        FDS.get_or_init(|| Mutex::new(HashMap::new()))
    }

    fn bad_fd(fd: &str, syscall: &'static str) -> FsError {
        let _ = fd;
        FsError {
            code: "EBADF",
            errno: -9,
            syscall,
            path: None,
            dest: None,
            description: "bad file descriptor",
        }
    }

    /// `fs.open`'s flags as OpenOptions.
    fn open_options(flags: &str) -> Option<fs::OpenOptions> {
        let mut o = fs::OpenOptions::new();
        match flags {
            "r" | "rs" | "sr" => o.read(true),
            "r+" | "rs+" | "sr+" => o.read(true).write(true),
            "w" => o.write(true).create(true).truncate(true),
            "wx" | "xw" => o.write(true).create_new(true),
            "w+" => o.read(true).write(true).create(true).truncate(true),
            "wx+" | "xw+" => o.read(true).write(true).create_new(true),
            "a" => o.append(true).create(true),
            "ax" | "xa" => o.append(true).create_new(true),
            "a+" => o.read(true).append(true).create(true),
            "ax+" | "xa+" => o.read(true).append(true).create_new(true),
            _ => return None,
        };
        Some(o)
    }

    fn ms(t: io::Result<std::time::SystemTime>) -> f64 {
        t.ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    }

    fn stat_of(m: &fs::Metadata) -> Stat {
        use std::os::unix::fs::MetadataExt;
        Stat {
            is_file: m.is_file(),
            is_dir: m.is_dir(),
            is_symlink: m.file_type().is_symlink(),
            size: m.len(),
            mode: m.mode(),
            mtime_ms: ms(m.modified()),
            atime_ms: ms(m.accessed()),
            ctime_ms: m.ctime() as f64 * 1000.0 + m.ctime_nsec() as f64 / 1e6,
            birthtime_ms: ms(m.created()),
            ino: m.ino(),
            dev: m.dev(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
        }
    }

    /// The system call Node names in the error of an operation on a descriptor.
    fn syscall_of(op: &str) -> &'static str {
        match op {
            "ftruncate" => "ftruncate",
            "fsync" => "fsync",
            "fdatasync" => "fdatasync",
            "fchmod" => "fchmod",
            _ => "futime",
        }
    }

    /// "atime,mtime" (seconds, fractional) as utimensat's two timespecs.
    fn file_times(arg: &str) -> [libc::timespec; 2] {
        let (a, m) = arg.split_once(',').unwrap_or(("0", "0"));
        let ts = |s: &str| {
            let t: f64 = s.parse().unwrap_or(0.0);
            let sec = t.floor();
            libc::timespec { tv_sec: sec as libc::time_t, tv_nsec: ((t - sec) * 1e9) as libc::c_long }
        };
        [ts(a), ts(m)]
    }

    /// One operation by name, with string arguments and bytes.
    pub fn run(op: &str, path: &str, arg: &str, data: &[u8], flag: bool) -> FsResult {
        let err = |e: io::Error, syscall| FsError::from_io(&e, syscall, path);
        match op {
            "readFile" => fs::read(path).map(FsValue::Bytes).map_err(|e| err(e, "open")),
            "writeFile" => fs::write(path, data).map(|_| FsValue::Unit).map_err(|e| err(e, "open")),
            "appendFile" => {
                use std::io::Write;
                fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(path)
                    .and_then(|mut f| f.write_all(data))
                    .map(|_| FsValue::Unit)
                    .map_err(|e| err(e, "open"))
            }
            "stat" => fs::metadata(path).map(|m| FsValue::Stat(stat_of(&m))).map_err(|e| err(e, "stat")),
            "lstat" => {
                fs::symlink_metadata(path).map(|m| FsValue::Stat(stat_of(&m))).map_err(|e| err(e, "lstat"))
            }
            "readdir" => fs::read_dir(path)
                .map(|d| {
                    let mut names: Vec<String> = d
                        .filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect();
                    names.sort();
                    names
                })
                .map(FsValue::Names)
                .map_err(|e| err(e, "scandir")),
            "mkdir" => {
                let r = if flag { fs::create_dir_all(path) } else { fs::create_dir(path) };
                r.map(|_| FsValue::Unit).map_err(|e| err(e, "mkdir"))
            }
            "rmdir" => fs::remove_dir(path).map(|_| FsValue::Unit).map_err(|e| err(e, "rmdir")),
            "unlink" => fs::remove_file(path).map(|_| FsValue::Unit).map_err(|e| err(e, "unlink")),
            "rm" => {
                // arg: "recursive" and/or "force".
                let force = arg.contains("force");
                let r = match fs::symlink_metadata(path) {
                    Ok(m) if m.is_dir() => {
                        if arg.contains("recursive") {
                            fs::remove_dir_all(path)
                        } else {
                            return Err(FsError {
                                code: "ERR_FS_EISDIR",
                                errno: -21,
                                syscall: "rm",
                                path: Some(path.into()),
                                dest: None,
                                description: "Path is a directory",
                            });
                        }
                    }
                    Ok(_) => fs::remove_file(path),
                    Err(e) => Err(e),
                };
                match r {
                    Err(e) if force && e.kind() == io::ErrorKind::NotFound => Ok(FsValue::Unit),
                    r => r.map(|_| FsValue::Unit).map_err(|e| err(e, "rm")),
                }
            }
            "rename" => fs::rename(path, arg).map(|_| FsValue::Unit).map_err(|e| {
                let mut f = err(e, "rename");
                f.dest = Some(arg.into());
                f
            }),
            "copyFile" => fs::copy(path, arg).map(|_| FsValue::Unit).map_err(|e| {
                let mut f = err(e, "copyfile");
                f.dest = Some(arg.into());
                f
            }),
            "access" => fs::metadata(path).map(|_| FsValue::Unit).map_err(|e| err(e, "access")),
            "exists" => Ok(FsValue::Bool(fs::metadata(path).is_ok())),
            "open" => {
                let Some(options) = open_options(arg) else {
                    return Err(FsError {
                        code: "ERR_INVALID_ARG_VALUE",
                        errno: -22,
                        syscall: "open",
                        path: Some(path.into()),
                        dest: None,
                        description: "invalid flags",
                    });
                };
                let file = options.open(path).map_err(|e| err(e, "open"))?;
                let fd = file.as_raw_fd();
                fds().lock().unwrap_or_else(|e| e.into_inner()).insert(fd, file);
                Ok(FsValue::Number(f64::from(fd)))
            }
            "close" => {
                let fd: i32 = path.parse().unwrap_or(-1);
                match fds().lock().unwrap_or_else(|e| e.into_inner()).remove(&fd) {
                    Some(_) => Ok(FsValue::Unit),
                    None => Err(bad_fd(path, "close")),
                }
            }
            "fstat" => {
                let fd: i32 = path.parse().unwrap_or(-1);
                let table = fds().lock().unwrap_or_else(|e| e.into_inner());
                let file = table.get(&fd).ok_or_else(|| bad_fd(path, "fstat"))?;
                file.metadata()
                    .map(|m| FsValue::Stat(stat_of(&m)))
                    .map_err(|e| FsError { path: None, ..FsError::from_io(&e, "fstat", path) })
            }
            "read" => {
                // arg: "length,position" (position -1: the current one).
                let fd: i32 = path.parse().unwrap_or(-1);
                let (len, pos) = arg.split_once(',').unwrap_or(("0", "-1"));
                let len: usize = len.parse().unwrap_or(0);
                let pos: i64 = pos.parse().unwrap_or(-1);
                let mut table = fds().lock().unwrap_or_else(|e| e.into_inner());
                let file = table.get_mut(&fd).ok_or_else(|| bad_fd(path, "read"))?;
                if pos >= 0 {
                    file.seek(SeekFrom::Start(pos as u64)).map_err(|e| err(e, "read"))?;
                }
                let mut buf = vec![0u8; len];
                let mut n = 0;
                while n < len {
                    match file.read(&mut buf[n..]) {
                        Ok(0) => break,
                        Ok(k) => n += k,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(FsError { path: None, ..err(e, "read") }),
                    }
                }
                buf.truncate(n);
                Ok(FsValue::Bytes(buf))
            }
            "write" => {
                let fd: i32 = path.parse().unwrap_or(-1);
                let pos: i64 = arg.parse().unwrap_or(-1);
                let mut table = fds().lock().unwrap_or_else(|e| e.into_inner());
                let file = table.get_mut(&fd).ok_or_else(|| bad_fd(path, "write"))?;
                if pos >= 0 {
                    file.seek(SeekFrom::Start(pos as u64)).map_err(|e| err(e, "write"))?;
                }
                file.write_all(data).map_err(|e| err(e, "write"))?;
                Ok(FsValue::Number(data.len() as f64))
            }
            // truncate(path, len): Node opens the file and truncates it.
            "truncate" => fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(arg.parse().unwrap_or(0)))
                .map(|_| FsValue::Unit)
                .map_err(|e| err(e, "open")),
            "ftruncate" | "fsync" | "fdatasync" | "fchmod" | "futimes" => {
                let fd: i32 = path.parse().unwrap_or(-1);
                let table = fds().lock().unwrap_or_else(|e| e.into_inner());
                let file = table.get(&fd).ok_or_else(|| bad_fd(path, syscall_of(op)))?;
                let fail = |e: io::Error| {
                    let mut f = FsError::from_io(&e, syscall_of(op), path);
                    f.path = None;
                    f
                };
                match op {
                    "ftruncate" => {
                        file.set_len(arg.parse().unwrap_or(0)).map(|_| FsValue::Unit).map_err(fail)
                    }
                    "fsync" => file.sync_all().map(|_| FsValue::Unit).map_err(fail),
                    "fdatasync" => file.sync_data().map(|_| FsValue::Unit).map_err(fail),
                    "fchmod" => {
                        use std::os::unix::fs::PermissionsExt;
                        file.set_permissions(fs::Permissions::from_mode(arg.parse().unwrap_or(0)))
                            .map(|_| FsValue::Unit)
                            .map_err(fail)
                    }
                    _ => {
                        let times = file_times(arg);
                        // SAFETY: a valid descriptor and two timespecs.
                        if unsafe { libc::futimens(fd, times.as_ptr()) } == 0 {
                            Ok(FsValue::Unit)
                        } else {
                            Err(fail(io::Error::last_os_error()))
                        }
                    }
                }
            }
            "chmod" => {
                use std::os::unix::fs::PermissionsExt;
                fs::set_permissions(path, fs::Permissions::from_mode(arg.parse().unwrap_or(0)))
                    .map(|_| FsValue::Unit)
                    .map_err(|e| err(e, "chmod"))
            }
            "link" | "symlink" => {
                // link(existing, new); symlink(target, path).
                let r = if op == "link" {
                    fs::hard_link(path, arg)
                } else {
                    std::os::unix::fs::symlink(path, arg)
                };
                r.map(|_| FsValue::Unit).map_err(|e| {
                    let mut f = err(e, if op == "link" { "link" } else { "symlink" });
                    f.dest = Some(arg.into());
                    f
                })
            }
            "readlink" => fs::read_link(path)
                .map(|p| FsValue::Text(p.display().to_string()))
                .map_err(|e| err(e, "readlink")),
            "mkdtemp" => {
                let template =
                    std::ffi::CString::new(format!("{path}XXXXXX")).map_err(|_| bad_fd(path, "mkdtemp"))?;
                let mut bytes = template.into_bytes_with_nul();
                // SAFETY: a NUL-terminated template mkdtemp rewrites in place.
                let r = unsafe { libc::mkdtemp(bytes.as_mut_ptr() as *mut libc::c_char) };
                if r.is_null() {
                    let mut f = err(io::Error::last_os_error(), "mkdtemp");
                    f.path = Some(format!("{path}XXXXXX"));
                    return Err(f);
                }
                bytes.pop();
                Ok(FsValue::Text(String::from_utf8_lossy(&bytes).into_owned()))
            }
            "utimes" | "lutimes" => {
                let Ok(c) = std::ffi::CString::new(path) else { return Err(bad_fd(path, "utime")) };
                let times = file_times(arg);
                let flags = if op == "lutimes" { libc::AT_SYMLINK_NOFOLLOW } else { 0 };
                // SAFETY: a NUL-terminated path and two timespecs.
                if unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), flags) } == 0 {
                    Ok(FsValue::Unit)
                } else {
                    Err(err(io::Error::last_os_error(), if op == "lutimes" { "lutime" } else { "utime" }))
                }
            }
            "statfs" => {
                let Ok(c) = std::ffi::CString::new(path) else { return Err(bad_fd(path, "statfs")) };
                // SAFETY: statfs fills the struct for a NUL-terminated path.
                let mut s: libc::statfs = unsafe { std::mem::zeroed() };
                if unsafe { libc::statfs(c.as_ptr(), &mut s) } != 0 {
                    return Err(err(io::Error::last_os_error(), "statfs"));
                }
                Ok(FsValue::Names(
                    [
                        s.f_type as f64,
                        s.f_bsize as f64,
                        s.f_blocks as f64,
                        s.f_bfree as f64,
                        s.f_bavail as f64,
                        s.f_files as f64,
                        s.f_ffree as f64,
                    ]
                    .iter()
                    .map(|n| n.to_string())
                    .collect(),
                ))
            }
            "realpath" => fs::canonicalize(path)
                .map(|p| FsValue::Text(p.display().to_string()))
                .map_err(|e| err(e, "realpath")),
            _ => Err(FsError {
                code: "ENOSYS",
                errno: -38,
                syscall: "fs",
                path: Some(path.into()),
                dest: None,
                description: "function not implemented",
            }),
        }
    }
}
