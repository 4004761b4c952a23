//! `jsloop-rusage OUT CMD [ARGS...]`: runs CMD and writes its CPU time and
//! peak RSS to OUT, for `bench/run`.
//!
//! What GNU `time -f '%U %S %M'` reports, from the same source (`wait4`'s
//! `struct rusage` of the child, which includes the children it waited
//! for), but printed to the microsecond: GNU time prints user and system
//! time to the hundredth of a second, so a workload of about 0.1 s of CPU
//! read 0.09 or 0.12 from run to run. OUT gets one line, `USER SYS
//! MAXRSS_KB` (seconds with six decimals, kilobytes). The command's
//! standard streams are its own (inherited); the wrapper exits with the
//! command's status, or, if a signal ended it, ends itself by that signal.
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: jsloop-rusage OUT CMD [ARGS...]");
        std::process::exit(2);
    }
    let out = &args[0];
    let child = match std::process::Command::new(&args[1]).args(&args[2..]).spawn() {
        Ok(child) => child,
        Err(e) => {
            eprintln!("jsloop-rusage: cannot run {}: {e}", args[1]);
            std::process::exit(127);
        }
    };
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value to write into.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: pid is our child, not yet waited for; status and usage
        // are ours to write.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        eprintln!("jsloop-rusage: wait4: {}", std::io::Error::last_os_error());
        std::process::exit(125);
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let line = format!("{:.6} {:.6} {}\n", secs(usage.ru_utime), secs(usage.ru_stime), usage.ru_maxrss);
    if let Err(e) = std::fs::File::create(out).and_then(|mut f| f.write_all(line.as_bytes())) {
        eprintln!("jsloop-rusage: cannot write {out}: {e}");
        std::process::exit(125);
    }
    if libc::WIFSIGNALED(status) {
        let sig = libc::WTERMSIG(status);
        // SAFETY: restoring the default action and raising a signal at
        // ourselves.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
        std::process::exit(128 + sig);
    }
    std::process::exit(if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { 1 });
}
