//! Link options for the `jsloop` binary.
//!
//! On Linux (glibc) the binary is a position-dependent executable
//! (`-no-pie`), as Node's and Bun's release binaries are: its addresses are
//! fixed when it is linked, so the dynamic loader applies none of the
//! roughly 15,000 relative relocations a position-independent jsloop needs,
//! and does not write (and so copy, page by page) the 440 KB of pointers in
//! its read-only data at every start: a start of the node host took 490
//! page faults, 110 of them the loader's relocation writes (`perf record -e
//! page-faults`), and the loader ran about 0.6 M instructions of its 10.7 M
//! (callgrind). The cost is that the executable itself is not loaded at a
//! random address (the libraries, the stacks and the heap still are).
//! The code is still compiled position-independent (the default relocation
//! model), which a position-dependent link accepts.
//!
//! Were it linked as a PIE again, `-z pack-relative-relocs` (DT_RELR) keeps
//! the relocation table small: it stays for that case (an older ld ignores
//! the option with a warning).
//!
//! The unwinder (panics, backtraces) is GCC's, linked in statically rather
//! than loaded from `libgcc_s.so.1` at every start: Rust's standard library
//! asks for `-lgcc_s` by name, and the linker takes the first `libgcc_s.so`
//! or `libgcc_s.a` it finds on the search path, so this script puts a
//! `libgcc_s.a` (a link to the C compiler's `libgcc_eh.a`, the same
//! unwinder as an archive, which is what `-static-libgcc` links) in a
//! directory searched first. The loader then maps two libraries, not three,
//! and binds 12 symbols fewer. If the compiler has no `libgcc_eh.a`, the
//! link is left as it was.
//!
//! The C library is linked in statically too (`-static`, when the C
//! compiler has glibc's archives, `libc.a` and its kin: see
//! [`static_libc`]), so no dynamic loader runs at all: it mapped `libc.so.6`
//! and `libm.so.6`, bound their symbols and started them: a node-host start
//! (`bench/workloads/startup.mjs`) ran 6.74 M instructions, now 6.38 M
//! (callgrind), and took 289 page faults, now 237 with the C library's
//! functions in the start-up order below (`perf stat -e page-faults`). Name services still work as they
//! do in a dynamic jsloop: `getaddrinfo` (`dns.lookup`, `net`) and
//! `getpwuid_r` (`os.userInfo`) read `/etc/nsswitch.conf`, and a module it
//! names besides `files` and `dns` (`mdns4_minimal`, `systemd`, `sss`) is
//! loaded from the system's shared glibc, which must then be the release
//! jsloop was linked with (glibc's rule for static programs: a jsloop built
//! on the machine it runs on, as `cargo install` builds it, is).
//!
//! Symbols stay bound at start (`-z now`, with RELRO: the table of imported
//! functions is read-only before `main`), as Node's binary is linked. Lazy
//! binding (`-z lazy`) saved 59 k of the start's 6.76 M instructions
//! (callgrind, node host `startup.mjs`) and no page faults, at the cost of
//! a writable table of function pointers for the process's lifetime.
//!
//! In a release build the functions the loop-bound workloads run for every
//! operation come first (`hot-order.txt`, written by `bench/hot-order`), at
//! the same place from one build to the next. Then the functions a start
//! runs are laid out together
//! (`--symbol-ordering-file`, rust-lld's option, with `startup-order.txt`:
//! the 790 functions a node-host start runs, then the 370 a browser-host
//! start adds, written by `bench/startup-order`): they were spread over
//! 7.5 MB of code, each 64 KB of it the kernel maps in at its first touch
//! a page fault at every start.
//! A name the list has that the binary does not (code changed since it was
//! written) is skipped without a warning; the list only orders, so a stale
//! one costs faults, never behaviour. Only where rustc links with its own
//! rust-lld (x86-64 Linux, unless the flags choose a linker).
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if linux && gnu {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        println!("cargo:rustc-link-arg-bins=-no-pie");
        if let Some(order) = startup_order() {
            println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", order.display());
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        }
        if let Some(dir) = static_unwinder() {
            println!("cargo:rustc-link-search=native={}", dir.display());
            println!("cargo:rustc-link-arg-bins=-static-libgcc");
        }
        if let Some(dir) = static_libc() {
            println!("cargo:rustc-link-arg-bins=-static");
            println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
        }
    }
}

/// The C libraries rustc asks the bins' link for by name (`-lc` and the
/// rest, after `-Bdynamic`): a static link takes each one's archive.
const C_LIBRARIES: &[&str] = &["c", "m", "pthread", "dl", "rt", "util"];

/// A directory holding `libc.a`, `libm.a` and the rest of [`C_LIBRARIES`],
/// links to the C compiler's archives, or None if the compiler lacks one
/// of them (glibc's static archives are a package of their own on some
/// systems) or the build is a cross build: the bins are then linked
/// dynamically as before. rustc names
/// the C libraries after `-Wl,-Bdynamic`, where the linker takes the first
/// `libc.so` or `libc.a` along the search path; a directory of archives
/// given to the bins' link alone (`-L` as a link argument, not a search
/// path of the package, which its tests would share) is searched first.
fn static_libc() -> Option<PathBuf> {
    // The C compiler asked is the host's: its archives are the target's only
    // when the two are the same.
    if std::env::var("TARGET").ok()? != std::env::var("HOST").ok()? {
        return None;
    }
    let links: Vec<(String, String)> =
        C_LIBRARIES.iter().map(|name| (format!("lib{name}.a"), format!("lib{name}.a"))).collect();
    archive_links("static-libc", &links)
}

/// The symbol order for a release build linked by rust-lld, else None:
/// `hot-order.txt` (what the loop-bound workloads run for every operation,
/// written by `bench/hot-order`: the loop's hot code together, at the same
/// place from one build to the next), then `startup-order.txt`, in one file
/// in `OUT_DIR` (the linker takes the first place a name is given).
fn startup_order() -> Option<PathBuf> {
    println!("cargo:rerun-if-changed=startup-order.txt");
    println!("cargo:rerun-if-changed=hot-order.txt");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let release = std::env::var("PROFILE").as_deref() == Ok("release");
    let x86_64 = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64");
    // A linker chosen by the flags may not know the option.
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if !release || !x86_64 || flags.contains("linker") {
        return None;
    }
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let mut order = String::new();
    let mut seen = std::collections::HashSet::new();
    for name in ["hot-order.txt", "startup-order.txt"] {
        // (A missing list only lays out less together.)
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else { continue };
        for line in text.lines().filter(|l| !l.starts_with('#') && seen.insert(l.to_string())) {
            order.push_str(line);
            order.push('\n');
        }
    }
    if order.trim().is_empty() {
        return None;
    }
    let file = Path::new(&std::env::var_os("OUT_DIR")?).join("link-order.txt");
    std::fs::write(&file, order).ok()?;
    Some(file)
}

/// A directory holding `libgcc_s.a`, a link to the C compiler's
/// `libgcc_eh.a`, or None if the compiler does not have one.
fn static_unwinder() -> Option<PathBuf> {
    archive_links("static-unwinder", &[("libgcc_s.a".to_string(), "libgcc_eh.a".to_string())])
}

/// `OUT_DIR/dir` holding, for each `(link, archive)`, a link named `link` to
/// the C compiler's file `archive`; None if the compiler lacks one of them.
fn archive_links(dir: &str, links: &[(String, String)]) -> Option<PathBuf> {
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    println!("cargo:rerun-if-env-changed=CC");
    let dir = Path::new(&std::env::var_os("OUT_DIR")?).join(dir);
    std::fs::create_dir_all(&dir).ok()?;
    for (name, file) in links {
        let out = Command::new(&compiler).arg(format!("-print-file-name={file}")).output().ok()?;
        let archive = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
        // A compiler that does not know the file prints its bare name.
        if !out.status.success() || !archive.is_absolute() || !archive.is_file() {
            return None;
        }
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        #[cfg(unix)]
        std::os::unix::fs::symlink(&archive, &link).ok()?;
        #[cfg(not(unix))]
        std::fs::copy(&archive, &link).ok()?;
    }
    Some(dir)
}
