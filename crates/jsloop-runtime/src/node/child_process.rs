//! The host side of `node:child_process` (src/js/node/child_process.js) and
//! of `process.stdin`.
//!
//! As libuv does it (src/unix/process.c): a child is spawned with its stdio
//! set up from the options (`uv_spawn`: a socketpair per `'pipe'` and for
//! the IPC channel, `/dev/null` for `'ignore'`, the parent's descriptor for
//! `'inherit'` and a number); the parent's ends of the socketpairs become
//! stream handles of the loop's I/O driver (read and written in the poll
//! phase, like sockets). The process itself is an active handle until its
//! exit is seen; the exit is noticed through SIGCHLD: libuv's signal handle
//! is a self-pipe the poll phase watches, whose callback (`uv__chld`) reaps
//! the loop's children with `waitpid(WNOHANG)` and calls each exited one's
//! exit callback. Here the self-pipe is a stream handle too (not
//! referenced), and its callback in the glue asks [`Children::reap`].
//!
//! `spawnSync` (Node's SyncProcessRunner) runs the child to its end on the
//! loop's thread: input written, stdout and stderr collected, the timeout
//! and `maxBuffer` enforced by killing it with `killSignal`.
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::{Array, Ctx, Function, Object, Value};

use super::Shared;

/// One child of this loop: its process handle.
struct Process {
    child: Child,
    /// `ref()` / `unref()`: a referenced process keeps the loop alive.
    refed: bool,
}

/// The children of one loop (libuv's process handle queue) and its SIGCHLD
/// watcher.
#[derive(Default)]
pub(crate) struct Children {
    procs: RefCell<BTreeMap<u32, Process>>,
    /// The SIGCHLD self-pipe's stream handle, and its registration.
    sigchld: Cell<Option<(u64, signal_hook::SigId)>>,
}

impl Children {
    /// Referenced processes not yet seen to exit (active handles).
    pub(crate) fn active(&self) -> usize {
        self.procs.borrow().values().filter(|p| p.refed).count()
    }

    /// `uv__wait_children`: the children that have exited, as
    /// (pid, exit code, signal number), reaped.
    fn reap(&self) -> Vec<(u32, i32, i32)> {
        let mut done = Vec::new();
        self.procs.borrow_mut().retain(|pid, p| match p.child.try_wait() {
            Ok(Some(status)) => {
                done.push((*pid, status.code().unwrap_or(0), status.signal().unwrap_or(0)));
                false
            }
            Ok(None) => true,
            Err(_) => {
                done.push((*pid, 0, 0));
                false
            }
        });
        done
    }
}

impl Drop for Children {
    fn drop(&mut self) {
        if let Some((_, id)) = self.sigchld.get() {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// What one stdio entry of the options is (getValidStdio's result).
enum StdioKind {
    /// A socketpair; the parent's end becomes a stream handle.
    Pipe,
    /// `/dev/null`.
    Ignore,
    /// The parent's own descriptor N (`'inherit'`, a number, a stream's fd).
    Fd(RawFd),
    /// A loop stream handle's descriptor (a net.Socket or a child's pipe).
    Handle(u64),
    /// spawnSync's `input`: a pipe whose parent end is written.
    Input(Vec<u8>),
}

fn errno_of(e: &io::Error) -> i32 {
    -e.raw_os_error().unwrap_or(libc::EINVAL)
}

fn dev_null() -> io::Result<OwnedFd> {
    std::fs::OpenOptions::new().read(true).write(true).open("/dev/null").map(OwnedFd::from)
}

/// A close-on-exec duplicate of `fd` (the child gets it through dup2).
fn dup(fd: RawFd) -> io::Result<OwnedFd> {
    // SAFETY: fcntl(F_DUPFD_CLOEXEC) makes a new descriptor we then own.
    let n = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if n < 0 {
        Err(io::Error::last_os_error())
    } else {
        // SAFETY: `n` is a fresh descriptor.
        Ok(unsafe { OwnedFd::from_raw_fd(n) })
    }
}

/// The options of one spawn, read from the glue's object.
struct SpawnOptions {
    file: String,
    args: Vec<String>,
    cwd: Option<String>,
    env: Option<Vec<String>>,
    stdio: Vec<StdioKind>,
    detached: bool,
    uid: Option<u32>,
    gid: Option<u32>,
}

fn read_options<'js>(shared: &Shared, o: &Object<'js>) -> rquickjs::Result<SpawnOptions> {
    let file: String = o.get("file")?;
    let args: Vec<String> = o.get::<_, Option<Vec<String>>>("args")?.unwrap_or_default();
    let cwd: Option<String> = o.get("cwd")?;
    let env: Option<Vec<String>> = o.get("envPairs")?;
    let mut stdio = Vec::new();
    let list: Option<Array> = o.get("stdio")?;
    if let Some(list) = list {
        for (i, entry) in list.iter::<Object>().enumerate() {
            let entry = entry?;
            let kind: String = entry.get("type")?;
            let input: Option<Value> = entry.get("input")?;
            let input = input
                .and_then(|v| v.as_object().cloned())
                .and_then(|o| rquickjs::TypedArray::<u8>::from_object(o).ok())
                .map(|b| super::fs::typed_bytes(&b));
            stdio.push(match kind.as_str() {
                _ if input.is_some() => StdioKind::Input(input.unwrap_or_default()),
                "pipe" | "overlapped" => StdioKind::Pipe,
                "ignore" => StdioKind::Ignore,
                "inherit" => StdioKind::Fd(i as RawFd),
                "fd" => StdioKind::Fd(entry.get::<_, i32>("fd")?),
                "wrap" => StdioKind::Handle(entry.get::<_, f64>("id")? as u64),
                _ => StdioKind::Ignore,
            });
        }
    }
    let _ = shared;
    Ok(SpawnOptions {
        file,
        args,
        cwd,
        env,
        stdio,
        detached: o.get::<_, Option<bool>>("detached")?.unwrap_or(false),
        uid: o.get::<_, Option<f64>>("uid")?.map(|v| v as i64 as u32),
        gid: o.get::<_, Option<f64>>("gid")?.map(|v| v as i64 as u32),
    })
}

/// `uv_spawn`: starts the child; returns it and, per stdio entry, the
/// parent's end of its socketpair (None for the others).
fn spawn(shared: &Shared, opts: &SpawnOptions) -> io::Result<(Child, Vec<Option<OwnedFd>>)> {
    let mut cmd = Command::new(&opts.file);
    if let Some((first, rest)) = opts.args.split_first() {
        cmd.arg0(first);
        cmd.args(rest);
    }
    if let Some(cwd) = &opts.cwd {
        cmd.current_dir(cwd);
    }
    if let Some(env) = &opts.env {
        cmd.env_clear();
        for pair in env {
            match pair.split_once('=') {
                Some((k, v)) if !k.is_empty() => cmd.env(k, v),
                _ => cmd.env(pair, ""),
            };
        }
    }
    if let Some(uid) = opts.uid {
        cmd.uid(uid);
    }
    if let Some(gid) = opts.gid {
        cmd.gid(gid);
    }
    // The descriptors the child gets (index = its fd), and the parent's ends.
    let mut child_fds: Vec<Option<OwnedFd>> = Vec::new();
    let mut parent_fds: Vec<Option<OwnedFd>> = Vec::new();
    for kind in &opts.stdio {
        let (child, parent) = match kind {
            StdioKind::Pipe | StdioKind::Input(_) => {
                let (p, c) = UnixStream::pair()?;
                (Some(OwnedFd::from(c)), Some(OwnedFd::from(p)))
            }
            StdioKind::Ignore => (Some(dev_null()?), None),
            StdioKind::Fd(fd) => (Some(dup(*fd)?), None),
            StdioKind::Handle(id) => match shared.io.raw_fd(*id) {
                Some(fd) => (Some(dup(fd)?), None),
                None => (Some(dev_null()?), None),
            },
        };
        child_fds.push(child);
        parent_fds.push(parent);
    }
    // What the child does not get among 0, 1 and 2 is /dev/null, as libuv
    // opens it for a missing one.
    while child_fds.len() < 3 {
        child_fds.push(Some(dev_null()?));
        parent_fds.push(None);
    }
    let mut extra: Vec<(RawFd, RawFd)> = Vec::new();
    for (i, fd) in child_fds.iter_mut().enumerate() {
        let Some(fd) = fd.take() else { continue };
        match i {
            0 => {
                cmd.stdin(Stdio::from(fd));
            }
            1 => {
                cmd.stdout(Stdio::from(fd));
            }
            2 => {
                cmd.stderr(Stdio::from(fd));
            }
            _ => extra.push((fd.into_raw_fd(), i as RawFd)),
        }
    }
    let detached = opts.detached;
    let top = extra.iter().map(|&(_, t)| t).max().unwrap_or(2);
    let to_close: Vec<RawFd> = extra.iter().map(|&(fd, _)| fd).collect();
    // SAFETY: the closure runs in the forked child before exec and calls
    // only async-signal-safe functions (fcntl, dup2, setsid).
    unsafe {
        cmd.pre_exec(move || {
            if detached && libc::setsid() < 0 {
                return Err(io::Error::last_os_error());
            }
            // uv__process_child_init: the child's stdin, stdout and stderr
            // are blocking (a pipe shared with the parent may not be).
            for fd in 0..3 {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                if flags >= 0 && flags & libc::O_NONBLOCK != 0 {
                    libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
                }
            }
            // Move each descriptor above every target first, so that
            // placing one never overwrites another still to be placed.
            let mut moved = Vec::with_capacity(extra.len());
            for &(src, target) in &extra {
                let high = libc::fcntl(src, libc::F_DUPFD_CLOEXEC, top + 1);
                if high < 0 {
                    return Err(io::Error::last_os_error());
                }
                moved.push((high, target));
            }
            for (high, target) in moved {
                if libc::dup2(high, target) < 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    // What the parent wrote so far comes before what the child writes to a
    // descriptor they share.
    shared.out.borrow_mut().flush();
    let result = cmd.spawn();
    for fd in to_close {
        // SAFETY: these descriptors were ours (into_raw_fd above).
        unsafe { libc::close(fd) };
    }
    drop(cmd);
    result.map(|child| (child, parent_fds))
}

fn signal_names() -> &'static [(i32, &'static str)] {
    &[
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGCHLD, "SIGCHLD"),
        (libc::SIGCONT, "SIGCONT"),
        (libc::SIGSTOP, "SIGSTOP"),
        (libc::SIGTSTP, "SIGTSTP"),
        (libc::SIGTTIN, "SIGTTIN"),
        (libc::SIGTTOU, "SIGTTOU"),
        (libc::SIGURG, "SIGURG"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGWINCH, "SIGWINCH"),
        (libc::SIGIO, "SIGIO"),
        (libc::SIGPWR, "SIGPWR"),
        (libc::SIGSYS, "SIGSYS"),
    ]
}

/// A signal's name (`SIGTERM`), or None for 0 / an unknown number.
fn signal_name(sig: i32) -> Option<&'static str> {
    signal_names().iter().find(|(n, _)| *n == sig).map(|(_, s)| *s)
}

/// What `spawnSync` produced.
struct SyncResult {
    pid: u32,
    status: Option<ExitStatus>,
    output: Vec<Option<Vec<u8>>>,
    /// A negative errno (ETIMEDOUT, ENOBUFS) when the run was cut short.
    error: Option<i32>,
}

/// Node's SyncProcessRunner: run the child to its end.
fn spawn_sync(
    shared: &Shared,
    opts: &SpawnOptions,
    timeout: Option<Duration>,
    max_buffer: Option<f64>,
    kill_signal: i32,
) -> io::Result<SyncResult> {
    let (mut child, parents) = spawn(shared, opts)?;
    let pid = child.id();
    let deadline = timeout.map(|t| Instant::now() + t);
    // Per stdio entry: the parent's end, the input still to write, what was read.
    struct Pipe {
        fd: Option<OwnedFd>,
        input: Option<(Vec<u8>, usize)>,
        read: Option<Vec<u8>>,
    }
    let mut pipes: Vec<Pipe> = parents
        .into_iter()
        .enumerate()
        .map(|(i, fd)| {
            let input = match opts.stdio.get(i) {
                Some(StdioKind::Input(bytes)) => Some((bytes.clone(), 0)),
                _ => None,
            };
            let read = if fd.is_some() && i > 0 { Some(Vec::new()) } else { None };
            Pipe { fd, input, read }
        })
        .collect();
    for p in &mut pipes {
        if let Some(fd) = &p.fd {
            // SAFETY: fcntl on a descriptor we own.
            unsafe {
                let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
                libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
            // A pipe to stdin with nothing to write: the child sees its end at once.
            if p.read.is_none() && p.input.is_none() {
                // SAFETY: shutdown on a socket we own.
                unsafe { libc::shutdown(fd.as_raw_fd(), libc::SHUT_WR) };
                p.fd = None;
            }
        }
    }
    let mut error = None;
    let mut killed = false;
    let mut status = None;
    let mut total = 0usize;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        if status.is_none() {
            status = child.try_wait()?;
        }
        let open: Vec<usize> = (0..pipes.len()).filter(|&i| pipes[i].fd.is_some()).collect();
        if open.is_empty() && status.is_some() {
            break;
        }
        if let Some(d) = deadline {
            if !killed && Instant::now() >= d {
                // SAFETY: signalling our own child.
                unsafe { libc::kill(pid as i32, kill_signal) };
                killed = true;
                error = Some(-libc::ETIMEDOUT);
            }
        }
        let mut fds: Vec<libc::pollfd> = open
            .iter()
            .map(|&i| {
                let p = &pipes[i];
                let events = if p.input.is_some() { libc::POLLOUT } else { libc::POLLIN };
                libc::pollfd { fd: p.fd.as_ref().map(|f| f.as_raw_fd()).unwrap_or(-1), events, revents: 0 }
            })
            .collect();
        // Wake at least every 20 ms to notice the exit (the pipes may stay
        // open in a grandchild) and the deadline.
        let mut wait = 20i32;
        if let Some(d) = deadline {
            if !killed {
                wait = wait.min(d.saturating_duration_since(Instant::now()).as_millis() as i32);
            }
        }
        if !fds.is_empty() {
            // SAFETY: poll on a vector of pollfds we own.
            unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, wait) };
        } else {
            std::thread::sleep(Duration::from_millis(wait.max(1) as u64));
        }
        for (k, &i) in open.iter().enumerate() {
            let revents = fds.get(k).map(|f| f.revents).unwrap_or(0);
            let p = &mut pipes[i];
            let Some(fd) = p.fd.as_ref().map(|f| f.as_raw_fd()) else { continue };
            if let Some((bytes, at)) = &mut p.input {
                if revents & (libc::POLLOUT | libc::POLLERR | libc::POLLHUP) != 0 {
                    // SAFETY: writing from a buffer we own.
                    let n = unsafe { libc::write(fd, bytes[*at..].as_ptr().cast(), bytes.len() - *at) };
                    if n > 0 {
                        *at += n as usize;
                    }
                    if n < 0 || *at >= bytes.len() {
                        p.input = None;
                        // SAFETY: shutdown on a socket we own.
                        unsafe { libc::shutdown(fd, libc::SHUT_WR) };
                        if p.read.is_none() {
                            p.fd = None;
                        }
                    }
                }
                continue;
            }
            // Read what there is; after the exit, only what is already there.
            let drain = status.is_some() || revents != 0;
            if !drain {
                continue;
            }
            loop {
                // SAFETY: reading into a buffer we own.
                let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
                if n > 0 {
                    let n = n as usize;
                    total += n;
                    if let Some(out) = &mut p.read {
                        out.extend_from_slice(&buf[..n]);
                    }
                    if let Some(max) = max_buffer {
                        if total as f64 > max && error.is_none() {
                            // SAFETY: signalling our own child.
                            unsafe { libc::kill(pid as i32, kill_signal) };
                            killed = true;
                            error = Some(-libc::ENOBUFS);
                        }
                    }
                    continue;
                }
                if n == 0
                    || status.is_some()
                    || io::Error::last_os_error().kind() != io::ErrorKind::WouldBlock
                {
                    p.fd = None;
                }
                break;
            }
            if error == Some(-libc::ENOBUFS) {
                for p in pipes.iter_mut() {
                    p.fd = None;
                }
                break;
            }
        }
        if error == Some(-libc::ENOBUFS) && status.is_none() {
            status = Some(child.wait()?);
        }
    }
    let status = match status {
        Some(s) => s,
        None => child.wait()?,
    };
    let output = pipes.into_iter().map(|p| p.read).collect();
    Ok(SyncResult { pid, status: Some(status), output, error })
}

/// `process.stdin`'s kind: what fd 0 is.
fn stdin_kind() -> &'static str {
    // SAFETY: fstat into a zeroed struct we own.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(0, &mut st) } != 0 {
        return "none";
    }
    if unsafe { libc::isatty(0) } == 1 {
        return "tty";
    }
    match st.st_mode & libc::S_IFMT {
        libc::S_IFREG => "file",
        libc::S_IFIFO => "pipe",
        libc::S_IFSOCK => "pipe",
        libc::S_IFCHR => "file",
        _ => "file",
    }
}

fn set_error<'js>(o: &Object<'js>, errno: i32) -> rquickjs::Result<()> {
    o.set("error", errno)
}

/// Installs the host functions of `child_process` and `process.stdin`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    // cpSpawn(options) -> { pid, handles: [id|null…] } or { error: -errno, handles: [] }.
    let s = shared.clone();
    host.set(
        "cpSpawn",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, o: Object<'js>| -> rquickjs::Result<Object<'js>> {
            let opts = read_options(&s, &o)?;
            let out = Object::new(ctx.clone())?;
            let handles = Array::new(ctx.clone())?;
            match spawn(&s, &opts) {
                Ok((child, parents)) => {
                    let pid = child.id();
                    s.children.procs.borrow_mut().insert(pid, Process { child, refed: true });
                    super::io_trace::process_spawned(&s, pid, &opts.args);
                    for (i, fd) in parents.into_iter().enumerate() {
                        match fd {
                            Some(fd) => {
                                // A pipe the parent reads (stdout, stderr, the
                                // channel) is active while reading; stdin's is not.
                                let refed = i > 0;
                                match s.io.adopt_fd(fd, refed) {
                                    Ok(id) => {
                                        let kind = match i {
                                            0 => format!("pipe (child {pid}'s stdin)"),
                                            1 => format!("pipe (child {pid}'s stdout)"),
                                            2 => format!("pipe (child {pid}'s stderr)"),
                                            _ => format!("pipe (child {pid}'s fd {i})"),
                                        };
                                        super::io_trace::opened(&s, id, &kind);
                                        handles.set(i, id as f64)?
                                    }
                                    Err(_) => handles.set(i, Value::new_null(ctx.clone()))?,
                                }
                            }
                            None => handles.set(i, Value::new_null(ctx.clone()))?,
                        }
                    }
                    out.set("pid", pid)?;
                }
                Err(e) => set_error(&out, errno_of(&e))?,
            }
            out.set("handles", handles)?;
            Ok(out)
        })?,
    )?;
    // cpSigchld() -> the SIGCHLD self-pipe's stream handle (made once).
    let s = shared.clone();
    host.set(
        "cpSigchld",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<f64> {
            if let Some((id, _)) = s.children.sigchld.get() {
                return Ok(id as f64);
            }
            let made = (|| -> io::Result<(u64, signal_hook::SigId)> {
                let (read, write) = UnixStream::pair()?;
                let sig = signal_hook::low_level::pipe::register(libc::SIGCHLD, write)?;
                let id = s.io.adopt_fd(OwnedFd::from(read), false)?;
                s.io.set_signal_handle(id);
                super::io_trace::opened(&s, id, "signal pipe (SIGCHLD)");
                Ok((id, sig))
            })();
            match made {
                Ok(pair) => {
                    s.children.sigchld.set(Some(pair));
                    Ok(pair.0 as f64)
                }
                Err(e) => Err(rquickjs::Exception::throw_internal(&ctx, &format!("SIGCHLD: {e}"))),
            }
        })?,
    )?;
    // cpReap() -> [[pid, exitCode, signalName|null]…] of the children that exited.
    let s = shared.clone();
    host.set(
        "cpReap",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<Array<'js>> {
            let list = Array::new(ctx.clone())?;
            for (i, (pid, code, sig)) in s.children.reap().into_iter().enumerate() {
                let e = Array::new(ctx.clone())?;
                e.set(0, pid)?;
                e.set(1, code)?;
                super::io_trace::process_exited(&s, pid, code, signal_name(sig));
                match signal_name(sig) {
                    Some(name) => e.set(2, name)?,
                    None => e.set(2, Value::new_null(ctx.clone()))?,
                }
                list.set(i, e)?;
            }
            Ok(list)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "cpRef",
        Function::new(ctx.clone(), move |pid: f64, on: bool| {
            if let Some(p) = s.children.procs.borrow_mut().get_mut(&(pid as u32)) {
                p.refed = on;
            }
        })?,
    )?;
    // cpSpawnSync(options) -> { pid, status, signal, output, error }.
    let s = shared.clone();
    host.set(
        "cpSpawnSync",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, o: Object<'js>| -> rquickjs::Result<Object<'js>> {
            let opts = read_options(&s, &o)?;
            let timeout = o.get::<_, Option<f64>>("timeout")?.filter(|t| *t > 0.0);
            let max_buffer = o.get::<_, Option<f64>>("maxBuffer")?.filter(|m| m.is_finite());
            let kill_signal = o.get::<_, Option<i32>>("killSignal")?.unwrap_or(libc::SIGTERM);
            let out = Object::new(ctx.clone())?;
            let null = Value::new_null(ctx.clone());
            match spawn_sync(
                &s,
                &opts,
                timeout.map(|t| Duration::from_micros((t * 1000.0) as u64)),
                max_buffer,
                kill_signal,
            ) {
                Ok(r) => {
                    if let Some(errno) = r.error {
                        set_error(&out, errno)?;
                    }
                    let status = r.status.expect("waited");
                    match status.code() {
                        Some(c) => out.set("status", c)?,
                        None => out.set("status", null.clone())?,
                    }
                    match status.signal().and_then(signal_name) {
                        Some(name) => out.set("signal", name)?,
                        None => out.set("signal", null.clone())?,
                    }
                    let output = Array::new(ctx.clone())?;
                    for (i, o) in r.output.into_iter().enumerate() {
                        match o {
                            Some(bytes) => {
                                output.set(i, rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes)?)?
                            }
                            None => output.set(i, null.clone())?,
                        }
                    }
                    out.set("output", output)?;
                    out.set("pid", r.pid)?;
                }
                Err(e) => {
                    set_error(&out, errno_of(&e))?;
                    out.set("status", null.clone())?;
                    out.set("signal", null.clone())?;
                    out.set("output", null.clone())?;
                    out.set("pid", 0)?;
                }
            }
            Ok(out)
        })?,
    )?;
    // cpOpenFd(fd) -> a stream handle over a duplicate of `fd` (the IPC
    // channel a parent passed, or standard input), not referenced.
    let s = shared.clone();
    host.set(
        "cpOpenFd",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, fd: i32| -> rquickjs::Result<Value<'js>> {
            match dup(fd).and_then(|d| s.io.adopt_fd(d, false)) {
                Ok(id) => {
                    super::io_trace::opened(&s, id, &format!("stream (fd {fd})"));
                    Ok(Value::new_number(ctx, id as f64))
                }
                Err(e) => Ok(Value::new_int(ctx, errno_of(&e))),
            }
        })?,
    )?;
    host.set("stdinKind", Function::new(ctx.clone(), stdin_kind)?)?;
    let s = shared.clone();
    host.set("netFd", Function::new(ctx.clone(), move |id: f64| s.io.raw_fd(id as u64).unwrap_or(-1))?)?;
    let s = shared.clone();
    host.set(
        "netReadStop",
        Function::new(ctx.clone(), move |id: f64| {
            let _ = super::net::net(&s, super::io::NetRequest::ReadStop { socket: id as u64 });
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "netReadStart",
        Function::new(ctx.clone(), move |id: f64| {
            let _ = super::net::net(&s, super::io::NetRequest::ReadStart { socket: id as u64 });
        })?,
    )?;
    Ok(())
}

/// The host functions process's own methods call (process.kill,
/// process.getuid and its kin, the tty check), installed at start; the
/// rest ([`install`]) when node/child_process.js or 43_net.js is first read.
pub(crate) fn install_process<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    // cpKill(pid, signal) -> 0 or -errno (kill(2), as uv_kill).
    host.set(
        "cpKill",
        Function::new(ctx.clone(), |pid: f64, sig: i32| -> i32 {
            // SAFETY: kill(2) has no memory effects.
            if unsafe { libc::kill(pid as libc::pid_t, sig) } == 0 {
                0
            } else {
                -io::Error::last_os_error().raw_os_error().unwrap_or(libc::ESRCH)
            }
        })?,
    )?;
    // process.getgroups(): the supplementary groups, and the effective
    // group if it is not among them (src/node_credentials.cc GetGroups).
    host.set(
        "getgroups",
        Function::new(ctx.clone(), || -> Vec<u32> {
            // SAFETY: getgroups fills at most `n` entries of a vector of that
            // length; getegid cannot fail.
            unsafe {
                let n = libc::getgroups(0, std::ptr::null_mut());
                let mut groups = vec![0 as libc::gid_t; n.max(0) as usize];
                let got = libc::getgroups(n, groups.as_mut_ptr());
                groups.truncate(got.max(0) as usize);
                let egid = libc::getegid();
                if !groups.contains(&egid) {
                    groups.push(egid);
                }
                groups
            }
        })?,
    )?;
    // process.getuid() and its kin.
    // SAFETY (all four): these calls cannot fail and touch no memory.
    host.set("getuid", Function::new(ctx.clone(), || unsafe { libc::getuid() })?)?;
    host.set("geteuid", Function::new(ctx.clone(), || unsafe { libc::geteuid() })?)?;
    host.set("getgid", Function::new(ctx.clone(), || unsafe { libc::getgid() })?)?;
    host.set("getegid", Function::new(ctx.clone(), || unsafe { libc::getegid() })?)?;
    host.set(
        "isatty",
        Function::new(ctx.clone(), |fd: i32| -> bool {
            // SAFETY: isatty has no memory effects.
            unsafe { libc::isatty(fd) == 1 }
        })?,
    )?;
    Ok(())
}
