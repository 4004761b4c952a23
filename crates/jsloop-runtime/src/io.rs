//! The node host's I/O: a thread pool for file system work (libuv's, 4
//! threads unless `UV_THREADPOOL_SIZE` says otherwise) and a mio poller,
//! woken when pool work completes, that the poll phase blocks on.
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use mio::{Events, Poll, Token, Waker};

const WAKE: Token = Token(0);

/// A request's id.
pub type RequestId = u64;

/// What a file system operation produced.
#[derive(Debug, Clone)]
pub enum FsValue {
    Unit,
    Bytes(Vec<u8>),
    Stat(Stat),
    Names(Vec<String>),
    Bool(bool),
    Text(String),
}

/// The parts of `fs.Stats` jsloop reports.
#[derive(Debug, Clone, Default)]
pub struct Stat {
    pub is_file: bool,
    pub is_dir: bool,
    pub is_symlink: bool,
    pub size: u64,
    pub mode: u32,
    pub mtime_ms: f64,
    pub atime_ms: f64,
    pub ctime_ms: f64,
    pub birthtime_ms: f64,
    pub ino: u64,
    pub dev: u64,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
}

/// A failed system call, with what Node's error carries.
#[derive(Debug, Clone)]
pub struct FsError {
    pub code: &'static str,
    pub errno: i32,
    pub syscall: &'static str,
    pub path: Option<String>,
    pub dest: Option<String>,
    pub description: &'static str,
}

impl FsError {
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

/// libuv's names and descriptions for the errors file operations meet.
pub fn errno_name(raw: i32, kind: io::ErrorKind) -> (&'static str, &'static str) {
    match raw {
        1 => ("EPERM", "operation not permitted"),
        2 => ("ENOENT", "no such file or directory"),
        9 => ("EBADF", "bad file descriptor"),
        13 => ("EACCES", "permission denied"),
        17 => ("EEXIST", "file already exists"),
        20 => ("ENOTDIR", "not a directory"),
        21 => ("EISDIR", "illegal operation on a directory"),
        22 => ("EINVAL", "invalid argument"),
        24 => ("EMFILE", "too many open files"),
        28 => ("ENOSPC", "no space left on device"),
        39 => ("ENOTEMPTY", "directory not empty"),
        104 => ("ECONNRESET", "connection reset by peer"),
        111 => ("ECONNREFUSED", "connection refused"),
        98 => ("EADDRINUSE", "address already in use"),
        32 => ("EPIPE", "broken pipe"),
        _ => match kind {
            io::ErrorKind::NotFound => ("ENOENT", "no such file or directory"),
            io::ErrorKind::PermissionDenied => ("EACCES", "permission denied"),
            io::ErrorKind::AlreadyExists => ("EEXIST", "file already exists"),
            _ => ("EIO", "i/o error"),
        },
    }
}

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
}

impl Io {
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
        })
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

    /// Blocks up to `timeout` (None: until something completes) and returns
    /// the requests that completed, in the order they completed.
    pub fn wait(&self, timeout: Option<Duration>) -> Vec<(RequestId, FsResult)> {
        let mut done: Vec<_> = self.done_rx.try_iter().collect();
        if done.is_empty() && self.in_flight.get() > 0 {
            let mut events = self.events.borrow_mut();
            loop {
                match self.poll.borrow_mut().poll(&mut events, timeout) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    _ => break,
                }
            }
            done = self.done_rx.try_iter().collect();
        }
        self.in_flight.set(self.in_flight.get().saturating_sub(done.len()));
        done
    }
}

/// The file system operations, run on the pool or, for the `*Sync`
/// functions, on the loop's thread.
pub mod fs_ops {
    use super::*;
    use std::fs;
    use std::time::UNIX_EPOCH;

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
                .and_then(|d| {
                    let mut names: Vec<String> = d
                        .filter_map(|e| e.ok())
                        .map(|e| e.file_name().to_string_lossy().into_owned())
                        .collect();
                    names.sort();
                    Ok(names)
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
