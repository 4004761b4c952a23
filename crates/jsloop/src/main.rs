//! `jsloop`: run a script on an exact, observable event loop.
// The process's entry point is C's `main` below, not Rust's runtime start
// (`start`).
#![cfg_attr(not(test), no_main)]
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

/// The process's entry point: what Rust's runtime start does that jsloop
/// needs, then [`jsloop()`].
///
/// Rust's own start (std's `lang_start`, run before a crate's `fn main`)
/// also finds the main thread's stack guard, which glibc reads from
/// `/proc/self/maps` (four system calls and parsing the text), and makes the
/// main thread a signal stack and handlers for SIGSEGV and SIGBUS that name
/// a thread that overflowed its stack: about 0.1 M instructions and 15
/// system calls at every start. The loop does not run on the main thread's
/// own stack ([`on_large_stack`]), and a stack overflow on any thread is
/// now a SIGSEGV without Rust's message. What is kept: standard input,
/// output and error are open (on `/dev/null` if they were closed, so no
/// file the program opens becomes one of them), SIGPIPE is ignored (a write
/// to a closed pipe is an EPIPE error), a panic outside the command is exit
/// code 101, and standard output is flushed at the exit. (Rust's standard
/// library reads the arguments and environment itself on Linux.)
#[cfg(not(test))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: at the process's start, before any thread exists.
    unsafe {
        standard_fds_open();
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let code = std::panic::catch_unwind(jsloop).unwrap_or(ExitCode::from(101));
    let _ = io::stdout().flush();
    // (ExitCode has no accessor for its number, only equality.)
    (0..=u8::MAX).find(|&n| ExitCode::from(n) == code).map_or(1, libc::c_int::from)
}

/// Opens `/dev/null` for each of file descriptors 0, 1 and 2 that is
/// closed, as Rust's runtime start does (std's `sanitize_standard_fds`).
#[cfg(not(test))]
unsafe fn standard_fds_open() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd { fd, events: 0, revents: 0 });
    // SAFETY: poll, fcntl and open with valid arguments.
    unsafe {
        while libc::poll(fds.as_mut_ptr(), 3, 0) == -1 {
            match io::Error::last_os_error().raw_os_error() {
                Some(libc::EINTR) => continue,
                // (Too many files open, or no memory for poll: one fcntl each.)
                Some(libc::EINVAL | libc::EAGAIN | libc::ENOMEM) => {
                    for fd in 0..3 {
                        if libc::fcntl(fd, libc::F_GETFD) == -1
                            && io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
                            && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR, 0) == -1
                        {
                            libc::abort();
                        }
                    }
                    return;
                }
                _ => libc::abort(),
            }
        }
        for fd in fds {
            if fd.revents & libc::POLLNVAL != 0 && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR, 0) == -1 {
                libc::abort();
            }
        }
    }
}

/// The command line's command, run.
#[cfg_attr(test, allow(dead_code))]
fn jsloop() -> ExitCode {
    one_malloc_arena();
    huge_start_heap();
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

/// Puts the heap a start fills on a transparent huge page, where the
/// kernel gives one: its first touch maps 2 MiB at once.
///
/// The heap (the main arena: [`one_malloc_arena`]) grew by 132 KiB at a
/// time, and each of its pages was mapped in by a page fault at its first
/// touch: most of a node-host start's 237 page faults (about 0.8 MiB).
/// Populating those pages with `MADV_POPULATE_WRITE` made them 76 page
/// faults for about the same CPU time (it was done on the main thread while
/// the loop's thread started the runtime, which mostly ran first and
/// faulted the pages in itself); one huge page is one page fault that
/// zeroes 2 MiB, about 85 µs on the benchmark machine. `perf stat -r 200 -e
/// task-clock jsloop run bench/workloads/startup.mjs`: 1.44 -> 1.19 ms; peak
/// RSS 4.5 -> 5.9 MB (the whole huge page is resident).
///
/// How: a block the start never touches (its pages are never mapped in)
/// fills the heap from its free top to a page before the next 2 MiB
/// boundary, the heap is extended at once to past a huge page beyond it
/// (the heap's top pad, `M_TOP_PAD`, is that much), and the kernel is asked
/// to back that range with a huge page (`MADV_HUGEPAGE`). The top pad stays
/// that, so freeing never shrinks the heap into the huge page (glibc trims
/// the heap's free top down to the pad), and later growth is by it too.
/// Where transparent huge pages are off (`never`), or none is free, the
/// kernel maps small pages as before. Call before any other thread exists.
fn huge_start_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: no other thread exists yet; the block is glibc's and never
    // freed or written; madvise only sets how the kernel backs the heap's
    // own pages.
    unsafe {
        // x86-64's and AArch64's (4 KiB pages) huge page.
        const HUGE: usize = 2 << 20;
        const PAGE: usize = 4096;
        // glibc's default (malloc/malloc.c DEFAULT_MMAP_MAX).
        const MMAP_MAX: libc::c_int = 65536;
        let end = libc::sbrk(0) as usize;
        // The heap's free top (glibc's `top` chunk) begins `keepcost`
        // bytes below the break.
        let top = end - libc::mallinfo2().keepcost;
        let mut boundary = (top + HUGE - 1) & !(HUGE - 1);
        // The block ends a page before the boundary: glibc writes the
        // header of the heap's free top where the block ends, and a page of
        // the huge page's range touched before the range is marked would
        // make the kernel map the range in small pages. At least a page
        // long (small requests are served from free lists).
        if boundary - top < 2 * PAGE {
            boundary += HUGE;
        }
        let block = boundary - PAGE - top;
        libc::mallopt(libc::M_TOP_PAD, (HUGE + 64 * 1024) as libc::c_int);
        // Taken from the heap, not a mapping of its own (the block is over
        // the mmap threshold).
        libc::mallopt(libc::M_MMAP_MAX, 0);
        // A chunk of exactly `block` bytes (glibc adds 8 to a request and
        // rounds up to 16). (black_box: a block only compared and freed is
        // one the compiler may leave out.)
        let filler = std::hint::black_box(libc::malloc(block - 8));
        libc::mallopt(libc::M_MMAP_MAX, MMAP_MAX);
        if filler as usize == top + 16 && libc::sbrk(0) as usize >= boundary + HUGE {
            libc::madvise(boundary as *mut libc::c_void, HUGE, libc::MADV_HUGEPAGE);
        } else {
            // Not where the heap's top was: nothing to align.
            libc::free(filler);
        }
    }
}
