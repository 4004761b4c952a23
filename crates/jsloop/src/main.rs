//! `jsloop`: run a script on an exact, observable event loop.
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

mod cli;
mod explain;
mod repl;
mod run;
mod viewer;
use cli::{trace_hint, Cli, Command};
// (`fail` is the REPL's too: `super::fail`.)
use run::{direct, explain, fail, run};

fn main() -> ExitCode {
    one_malloc_arena();
    let start_heap = grow_start_heap();
    let mut argv: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    // `node -pe CODE` is `-p CODE` (Node's -e and -p together print).
    if let Some(at) = argv.iter().skip(1).position(|a| a == "-pe" || a == "-ep") {
        argv[at + 1] = "-p".into();
    }
    let cli = match Cli::parse_plain_run(&argv).map(Ok).unwrap_or_else(|| Cli::try_parse_from(&argv)) {
        Ok(cli) => cli,
        Err(e) => {
            if let Some(hint) = trace_hint(&argv, None) {
                return usage(hint);
            }
            e.exit()
        }
    };
    // A bug in jsloop is an internal error with exit code 70, never a Rust
    // backtrace (unless RUST_BACKTRACE asks for one); what the script printed
    // is flushed as the stack unwinds.
    if std::env::var_os("RUST_BACKTRACE").is_none() {
        std::panic::set_hook(Box::new(|info| {
            let _ = writeln!(io::stderr(), "jsloop: internal error: {info}");
        }));
    }
    // The loop runs on a large stack, so that deep structures (a page nested
    // tens of thousands of elements deep) are not a crash: the main
    // thread's own, switched to a mapping of that size (`on_large_stack`),
    // so a start makes no thread for it; SIGTERM and SIGHUP, once a run
    // installs their handlers, are waited for by a thread of their own
    // (run::end_by_signal_after_flushing). Where the stack cannot be
    // switched, a thread with that stack runs the command and the main
    // thread waits for its exit code and for the signals.
    let command = move || {
        std::panic::catch_unwind(|| match cli.command {
            Some(Command::Run(args)) => run(args),
            Some(Command::Explain(args)) => explain(args),
            None => direct(cli.direct, &argv),
        })
        .unwrap_or(ExitCode::from(70))
    };
    // The heap's pages are mapped in before the command touches them.
    start_heap.populate();
    let command = match on_large_stack(LOOP_STACK, command) {
        Ok(code) => return code,
        Err(command) => command,
    };
    let main_thread = run::MainThread::new();
    let worker = std::thread::Builder::new()
        .stack_size(LOOP_STACK)
        .spawn(move || run::MainThread::exit_with(command()));
    match worker {
        Ok(worker) => match main_thread.serve() {
            Some(code) => code,
            None => match worker.join() {
                Ok(Some(code)) => code,
                _ => ExitCode::from(70),
            },
        },
        Err(_) => ExitCode::from(70),
    }
}

/// The stack the loop runs on.
const LOOP_STACK: usize = 256 * 1024 * 1024;

/// Runs `f` on the calling thread with a stack of `size` bytes: a mapping
/// made here (its lowest page a guard) and never unmapped, so the pages the
/// run touched are not released before the process exits. `Err(f)` where
/// the stack cannot be switched (another architecture, or no mapping).
/// `f` must not unwind (the command catches its panics).
///
/// Starting a thread for the loop instead cost a `clone3` and the wait for
/// the new thread to be scheduled: on the 2-core benchmark machine it was
/// often put on the other core, which takes milliseconds to wake when idle
/// or busy with another process.
fn on_large_stack<R, F: FnOnce() -> R>(size: usize, f: F) -> Result<R, F> {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    // SAFETY: the mapping is fresh and this thread's alone; the assembly
    // moves the stack pointer to its top (16-byte aligned, as a call needs),
    // calls `trampoline`, which runs `f` there, and puts the stack pointer
    // back (r12 keeps it: the C ABI's callee-saved registers survive the
    // call, and every other register the ABI lets a call change is marked
    // clobbered). `f` cannot unwind through the assembly: `trampoline` is
    // `extern "C"`, and a panic leaving it aborts.
    unsafe {
        const GUARD: usize = 4096;
        // Above the top: room that reads as zeros (a return address of 0),
        // where an unwinder walking past `trampoline` (a backtrace) looks
        // for the frame of the function that switched stacks.
        const HEADROOM: usize = 64 * 1024;
        let len = size + GUARD + HEADROOM;
        let base = libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
            -1,
            0,
        );
        if base == libc::MAP_FAILED {
            return Err(f);
        }
        if libc::mprotect(base, GUARD, libc::PROT_NONE) != 0 {
            libc::munmap(base, len);
            return Err(f);
        }
        let top = (base as usize + GUARD + size) & !15;
        struct Call<R, F> {
            f: Option<F>,
            result: Option<R>,
        }
        extern "C" fn trampoline<R, F: FnOnce() -> R>(call: *mut Call<R, F>) {
            // SAFETY: `call` points to the Call below, alive for the call.
            let call = unsafe { &mut *call };
            if let Some(f) = call.f.take() {
                call.result = Some(f());
            }
        }
        let mut call = Call { f: Some(f), result: None };
        std::arch::asm!(
            "mov r12, rsp",
            "mov rsp, {top}",
            "call {trampoline}",
            "mov rsp, r12",
            top = in(reg) top,
            trampoline = sym trampoline::<R, F>,
            in("rdi") &mut call as *mut Call<R, F>,
            out("r12") _,
            clobber_abi("C"),
        );
        match call.result {
            Some(result) => Ok(result),
            None => unreachable!("the large stack's call returned without a result"),
        }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    {
        let _ = size;
        Err(f)
    }
}

/// A command-line usage error: one line, exit code 2 (as clap's own).
fn usage(msg: impl AsRef<str>) -> ExitCode {
    let _ = writeln!(io::stderr(), "jsloop: {}", msg.as_ref());
    ExitCode::from(2)
}

/// Gives every thread glibc's main malloc arena. The loop ran on a thread of
/// its own, and a thread's own arena grows a page at a time, one
/// mprotect system call each (glibc's sysmalloc extends a non-main heap by
/// exactly what is asked, without the main arena's top pad): starting the
/// node host made about 200 of them, a quarter of start-up's CPU time
/// (bench/README.md, `startup`). The main arena grows with brk by 128 KiB and
/// more at a time. (Workers, the thread pool and the loop's thread where its
/// stack cannot be switched still allocate from other threads.) Set before
/// any thread exists.
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a malloc parameter; no other thread exists yet.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// The heap a start fills, grown at once ([`grow_start_heap`]) and mapped in
/// with one system call ([`StartHeap::populate`]) instead of a page fault
/// per page. The heap (the main arena: [`one_malloc_arena`]) grew by 132 KiB
/// at a time, and each of its pages was mapped in by a page fault at its
/// first touch: most of a node-host start's 237 page faults, each costing
/// more than populating the page does (on the benchmark machine, a C
/// program touching 140 fresh pages: 0.25 ms of CPU faulting them in, 0.1
/// ms populating them with `MADV_POPULATE_WRITE`). `jsloop run
/// bench/workloads/startup.mjs`: 237 -> 76 page faults (`perf stat -r
/// 200`), peak RSS 3.5 -> 4.2 MB. (It was populated by the main thread
/// while the loop's thread started the runtime, which mostly ran first and
/// faulted the pages in itself.) A kernel without `MADV_POPULATE_WRITE` (before
/// Linux 5.14) refuses it, and the pages are faulted in as before.
struct StartHeap {
    /// The heap's pages from its first free block to its end.
    #[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]
    pages: std::ops::Range<usize>,
}

/// Grows the heap by what a start fills: the heap's top pad (`M_TOP_PAD`)
/// becomes `START_HEAP`, a block taken from beyond the heap's end makes
/// glibc extend it by that much at once, and the block is given back (glibc
/// trims the heap's free top down to the pad). Later growth is by the pad
/// too. Call before any other thread exists.
fn grow_start_heap() -> StartHeap {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: no other thread exists yet; the blocks are glibc's, freed once
    // each.
    unsafe {
        // What a start allocates from the heap beyond what Rust's runtime
        // has before `main`: a node-host start (`bench/workloads/startup.mjs`)
        // grew it to about 0.8 MiB.
        const START_HEAP: usize = 768 * 1024;
        // Below glibc's mmap threshold (128 KiB), so taken from the heap.
        const BLOCK: usize = 120 * 1024;
        libc::mallopt(libc::M_TOP_PAD, START_HEAP as libc::c_int);
        let first = libc::malloc(16);
        let end = libc::sbrk(0);
        let mut blocks = [std::ptr::null_mut(); 4];
        for block in blocks.iter_mut() {
            if libc::sbrk(0) != end {
                break;
            }
            *block = libc::malloc(BLOCK);
        }
        for block in blocks {
            libc::free(block);
        }
        let page = libc::sysconf(libc::_SC_PAGESIZE).max(1) as usize;
        let from = first as usize & !(page - 1);
        let to = libc::sbrk(0) as usize;
        libc::free(first);
        if !first.is_null() && to > from {
            return StartHeap { pages: from..to };
        }
    }
    StartHeap { pages: 0..0 }
}

impl StartHeap {
    /// Maps in the heap's pages.
    fn populate(self) {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        if !self.pages.is_empty() {
            // 64 KiB at a time: the kernel holds the process's memory map
            // (for reading) while it populates, and the loop's thread's
            // first mmap (its signal stack) waits for that.
            const CHUNK: usize = 64 * 1024;
            let mut at = self.pages.start;
            while at < self.pages.end {
                let len = CHUNK.min(self.pages.end - at);
                // SAFETY: madvise only asks the kernel to map in pages of
                // the heap (between its first free block and the break when
                // it was grown); it changes no memory's contents, and a page
                // no longer mapped is refused, not made.
                if unsafe { libc::madvise(at as *mut libc::c_void, len, libc::MADV_POPULATE_WRITE) } != 0 {
                    break;
                }
                at += len;
            }
        }
    }
}
