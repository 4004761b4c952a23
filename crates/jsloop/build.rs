//! Link options for the `jsloop` binary.
//!
//! On Linux the binary is linked with packed relative relocations (DT_RELR,
//! `-z pack-relative-relocs`): the dynamic loader then applies about 15,000
//! relocations from a few kilobytes instead of 350 KB of `.rela.dyn`, which
//! was a sixth of start-up (bench/README.md). glibc has read DT_RELR since
//! 2.36 and GNU ld has written it since 2.38 (an older ld ignores the option
//! with a warning).
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if linux && gnu {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
