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
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if linux && gnu {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
