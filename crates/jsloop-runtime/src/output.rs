//! Where console output goes: stdout and stderr, kept in order.
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

/// The two output streams of a run. Writing to stderr first flushes stdout,
/// so a terminal or a file that receives both shows them in the order the
/// script printed them. Dropping an `Output` flushes it: nothing printed is
/// lost, whatever the exit path.
pub struct Output {
    stdout: Box<dyn Write + Send>,
    stderr: Box<dyn Write + Send>,
}

impl Output {
    /// Writes console output to `stdout` and errors to `stderr` (any
    /// writers: files, buffers, the process's streams).
    pub fn new(stdout: Box<dyn Write + Send>, stderr: Box<dyn Write + Send>) -> Self {
        Output { stdout, stderr }
    }

    /// The process's own streams (stdout buffered, stderr not).
    pub fn stdio() -> Self {
        Output::new(Box::new(io::BufWriter::new(io::stdout())), Box::new(io::stderr()))
    }

    /// Writes one line to stdout.
    pub fn out(&mut self, text: &str) {
        let _ = self.stdout.write_all(text.as_bytes());
        let _ = self.stdout.write_all(b"\n");
    }

    /// Writes one line to stderr, after flushing stdout.
    pub fn err(&mut self, text: &str) {
        let _ = self.stdout.flush();
        let _ = self.stderr.write_all(text.as_bytes());
        let _ = self.stderr.write_all(b"\n");
        let _ = self.stderr.flush();
    }

    /// Flushes both streams.
    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
        let _ = self.stderr.flush();
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.flush();
    }
}

/// One [`Output`] shared by every loop of a program (a page and its
/// workers, each on its own thread): lines are written whole, in the order
/// they are printed.
#[derive(Clone)]
pub struct SharedOutput(Arc<Mutex<Output>>);

impl SharedOutput {
    /// Shares `out`.
    pub fn new(out: Output) -> Self {
        SharedOutput(Arc::new(Mutex::new(out)))
    }

    /// The output, locked (do not hold it while running script).
    pub fn borrow_mut(&self) -> MutexGuard<'_, Output> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl From<Output> for SharedOutput {
    fn from(out: Output) -> Self {
        SharedOutput::new(out)
    }
}
