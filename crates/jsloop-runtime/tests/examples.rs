//! The examples in `examples/` run, and the facts they assert hold. (Each
//! example is compiled into this test as a module and its `main` called; it
//! prints what it would print when run with `cargo run --example`.)
#[path = "../examples/embed_browser.rs"]
mod embed_browser;
#[path = "../examples/embed_node.rs"]
mod embed_node;

#[test]
fn the_embed_browser_example_runs() {
    embed_browser::main().expect("examples/embed_browser.rs failed");
}

#[test]
fn the_embed_node_example_runs() {
    embed_node::main().expect("examples/embed_node.rs failed");
}
