//! The example in `examples/` runs, and the facts it asserts hold. (It is
//! compiled into this test as a module and its `main` called; it prints
//! what it would print when run with `cargo run --example`.)
#[path = "../examples/core_only.rs"]
mod core_only;

#[test]
fn the_core_only_example_runs() {
    core_only::main();
}
