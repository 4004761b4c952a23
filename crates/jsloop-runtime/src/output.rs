//! Where console output goes: stdout and stderr, kept in order.
//!
//! Node's rule for `process.stdout` (docs, "A note on process I/O") is that
//! writes to files and terminals are synchronous. jsloop does the same: on a
//! terminal or a file each line is written when it is printed. On a pipe or
//! a socket, where a write costs a system call and nobody watches line by
//! line, lines are held at most until the end of the task or callback that
//! printed them: the loop calls [`SharedOutput::end_of_task`] when a task's
//! microtask checkpoint (the browser host) or a callback's ticks and
//! microtasks (the node host) are done. Every exit path flushes: dropping an
//! `Output`, and [`flush_all`], which the `jsloop` command calls from its
//! signal thread before a SIGTERM or SIGHUP ends the process.
//!
//! That thread is started when output is first held ([`hold_after`]): until
//! then a SIGTERM or SIGHUP that ends the process loses nothing, and a
//! program that prints a few lines (each written at once, as Node writes to
//! a pipe) starts no thread for it.
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};

/// How stdout is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StdoutMode {
    /// Every write reaches the writer at once (terminals, files).
    Synchronous,
    /// Writes are held until the end of the current task or callback
    /// (pipes, sockets).
    PerTask,
}

impl StdoutMode {
    /// What Node does for the process's own stdout: synchronous on a
    /// terminal or a file (a character device such as `/dev/null` too),
    /// held until the end of the task on a pipe or a socket.
    pub fn of_process_stdout() -> Self {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            use std::os::unix::fs::FileTypeExt;
            let kind = io::stdout()
                .as_fd()
                .try_clone_to_owned()
                .map(std::fs::File::from)
                .and_then(|f| f.metadata())
                .map(|m| m.file_type());
            match kind {
                Ok(t) if t.is_fifo() || t.is_socket() => StdoutMode::PerTask,
                _ => StdoutMode::Synchronous,
            }
        }
        #[cfg(not(unix))]
        {
            StdoutMode::Synchronous
        }
    }
}

/// The two output streams of a run. Writing to stderr first flushes stdout,
/// so a terminal or a file that receives both shows them in the order the
/// script printed them. Dropping an `Output` flushes it: nothing printed is
/// lost, whatever the exit path.
pub struct Output {
    stdout: Box<dyn Write + Send>,
    stderr: Box<dyn Write + Send>,
    mode: StdoutMode,
    /// Whether stdout holds bytes not yet flushed.
    unflushed: bool,
    /// Writes to stdout written at once in `PerTask` mode before any is
    /// held ([`hold_after`]).
    written_through: u32,
}

/// What must happen before output is first held in a process (the `jsloop`
/// command: its watch for SIGTERM and SIGHUP, which flushes what is held),
/// if anything.
static BEFORE_HOLDING: OnceLock<fn()> = OnceLock::new();
/// Whether [`BEFORE_HOLDING`] has run.
static HOLDING: AtomicBool = AtomicBool::new(false);
/// Writes to stdout on a pipe written at once, each, before the first is
/// held, where [`hold_after`] was called.
const WRITE_THROUGH: u32 = 8;

/// Runs `prepare` once before output on a pipe is first held, and until
/// then writes each of an output's first writes to stdout at once (at most
/// 8, `WRITE_THROUGH`; later ones are held to the end of their task as
/// before). The `jsloop` command gives its watch for SIGTERM and SIGHUP
/// (a thread, and the signals' handlers): nothing is held before it runs.
/// Returns false if it was already set.
pub fn hold_after(prepare: fn()) -> bool {
    BEFORE_HOLDING.set(prepare).is_ok()
}

impl Output {
    /// Writes console output to `stdout` and errors to `stderr` (any
    /// writers: files, buffers, the process's streams). Each write to
    /// stdout is flushed at once.
    pub fn new(stdout: Box<dyn Write + Send>, stderr: Box<dyn Write + Send>) -> Self {
        Output::with_mode(stdout, stderr, StdoutMode::Synchronous)
    }

    /// Like [`Output::new`], with stdout written as `mode` says.
    pub fn with_mode(stdout: Box<dyn Write + Send>, stderr: Box<dyn Write + Send>, mode: StdoutMode) -> Self {
        Output { stdout, stderr, mode, unflushed: false, written_through: 0 }
    }

    /// The process's own streams: stdout as [`StdoutMode::of_process_stdout`]
    /// says, stderr unbuffered.
    pub fn stdio() -> Self {
        let stdout = io::BufWriter::with_capacity(64 * 1024, io::stdout());
        Output::with_mode(Box::new(stdout), Box::new(io::stderr()), StdoutMode::of_process_stdout())
    }

    /// How stdout is written.
    pub fn mode(&self) -> StdoutMode {
        self.mode
    }

    /// Writes one line to the script's stream `stream`: 2 is stderr, any
    /// other number stdout (the glue's `host.print(stream, text)`).
    pub fn line(&mut self, stream: i32, text: &str) {
        if stream == 2 {
            self.err(text)
        } else {
            self.out(text)
        }
    }

    /// Writes `text` as it is to the script's stream `stream`: 2 is stderr,
    /// any other number stdout (`process.stdout.write` and
    /// `process.stderr.write`).
    pub fn write(&mut self, stream: i32, text: &str) {
        if stream == 2 {
            self.write_err(text)
        } else {
            self.write_out(text)
        }
    }

    /// Writes one line to stdout.
    pub fn out(&mut self, text: &str) {
        let _ = self.stdout.write_all(text.as_bytes());
        let _ = self.stdout.write_all(b"\n");
        self.wrote_stdout();
    }

    /// Writes `text` to stdout as it is (`process.stdout.write`).
    pub fn write_out(&mut self, text: &str) {
        let _ = self.stdout.write_all(text.as_bytes());
        self.wrote_stdout();
    }

    fn wrote_stdout(&mut self) {
        match self.mode {
            StdoutMode::Synchronous => {
                let _ = self.stdout.flush();
            }
            StdoutMode::PerTask => {
                if !HOLDING.load(Ordering::Acquire) {
                    if let Some(prepare) = BEFORE_HOLDING.get() {
                        if self.written_through < WRITE_THROUGH {
                            self.written_through += 1;
                            let _ = self.stdout.flush();
                            return;
                        }
                        prepare();
                        HOLDING.store(true, Ordering::Release);
                    }
                }
                self.unflushed = true;
            }
        }
    }

    /// Writes one line to stderr, after flushing stdout.
    pub fn err(&mut self, text: &str) {
        self.flush_stdout();
        let _ = self.stderr.write_all(text.as_bytes());
        let _ = self.stderr.write_all(b"\n");
        let _ = self.stderr.flush();
    }

    /// Writes `text` to stderr as it is (`process.stderr.write`), after
    /// flushing stdout.
    pub fn write_err(&mut self, text: &str) {
        self.flush_stdout();
        let _ = self.stderr.write_all(text.as_bytes());
        let _ = self.stderr.flush();
    }

    fn flush_stdout(&mut self) {
        if std::mem::take(&mut self.unflushed) || self.mode == StdoutMode::Synchronous {
            let _ = self.stdout.flush();
        }
    }

    /// Flushes both streams.
    pub fn flush(&mut self) {
        self.unflushed = false;
        let _ = self.stdout.flush();
        let _ = self.stderr.flush();
    }
}

/// The trace's record of a line the script printed to its stream `stream`
/// (2 stderr, any other number stdout), as `Output::line` writes it.
pub(crate) fn line_event(stream: i32, text: &str) -> jsloop_core::trace::TraceEvent {
    let stream = if stream == 2 { 2 } else { 1 };
    jsloop_core::trace::TraceEvent::Output { stream, text: text.to_string() }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.flush();
    }
}

struct Shared {
    output: Mutex<Output>,
    /// Mirrors `Output::unflushed`, read without the lock at the end of
    /// every task (almost always false).
    unflushed: AtomicBool,
}

/// One [`Output`] shared by every loop of a program (a page and its
/// workers, each on its own thread): lines are written whole, in the order
/// they are printed.
#[derive(Clone)]
pub struct SharedOutput(Arc<Shared>);

impl SharedOutput {
    /// Shares `out`.
    pub fn new(out: Output) -> Self {
        let shared = Arc::new(Shared { output: Mutex::new(out), unflushed: AtomicBool::new(false) });
        let mut live = live_outputs().lock().unwrap_or_else(|e| e.into_inner());
        live.retain(|w| w.strong_count() > 0);
        live.push(Arc::downgrade(&shared));
        SharedOutput(shared)
    }

    /// The output, locked (do not hold it while running script).
    pub fn borrow_mut(&self) -> OutputGuard<'_> {
        OutputGuard {
            guard: self.0.output.lock().unwrap_or_else(|e| e.into_inner()),
            flag: &self.0.unflushed,
        }
    }

    /// The end of a task or callback: what it printed to a pipe is written
    /// now.
    #[inline]
    pub fn end_of_task(&self) {
        if self.0.unflushed.load(Ordering::Relaxed) {
            self.flush_now();
        }
    }

    #[cold]
    fn flush_now(&self) {
        self.borrow_mut().flush();
    }
}

/// A locked [`Output`]; keeps the shared "unflushed" flag up to date.
pub struct OutputGuard<'a> {
    guard: MutexGuard<'a, Output>,
    flag: &'a AtomicBool,
}

impl std::ops::Deref for OutputGuard<'_> {
    type Target = Output;
    fn deref(&self) -> &Output {
        &self.guard
    }
}

impl std::ops::DerefMut for OutputGuard<'_> {
    fn deref_mut(&mut self) -> &mut Output {
        &mut self.guard
    }
}

impl Drop for OutputGuard<'_> {
    fn drop(&mut self) {
        self.flag.store(self.guard.unflushed, Ordering::Relaxed);
    }
}

impl From<Output> for SharedOutput {
    fn from(out: Output) -> Self {
        SharedOutput::new(out)
    }
}

fn live_outputs() -> &'static Mutex<Vec<Weak<Shared>>> {
    static LIVE: OnceLock<Mutex<Vec<Weak<Shared>>>> = OnceLock::new();
    LIVE.get_or_init(Mutex::default)
}

/// Flushes every output still in use in this process, from any thread: what
/// a program printed is written before a signal ends the process. An output
/// whose lock another thread holds for longer than a moment (a write blocked
/// on a full pipe) is skipped rather than waited for.
pub fn flush_all() {
    let live: Vec<Arc<Shared>> = {
        let live = live_outputs().lock().unwrap_or_else(|e| e.into_inner());
        live.iter().filter_map(Weak::upgrade).collect()
    };
    for shared in live {
        for _ in 0..100 {
            match shared.output.try_lock() {
                Ok(mut out) => {
                    out.flush();
                    break;
                }
                Err(std::sync::TryLockError::Poisoned(e)) => {
                    e.into_inner().flush();
                    break;
                }
                Err(std::sync::TryLockError::WouldBlock) => {
                    std::thread::sleep(std::time::Duration::from_millis(10))
                }
            }
        }
    }
}
