//! `jsloop-bare FILE`: the engine-bound baseline of `bench/run`.
//!
//! Bare QuickJS through rquickjs: evaluate one file (as an ES module if it
//! ends in `.mjs`, its `node:process` import served by a stub), then drain
//! the job queue, with no event loop around it. `console.log` prints a line;
//! `process.nextTick(f)` is a promise job (what a loop-less engine can offer).
//! A workload that needs timers, I/O or the DOM cannot run here.
//!
//! `jsloop-bare --floor FILE` runs a floor program (`bench/floor/`): the
//! least work a loop-bound workload asks of any runtime, with primitives that
//! do only that (see `floor.rs`).
use std::io::Write;

mod floor;
// jsloop's QuickJS allocator, the same file the runtime compiles: the bare
// and floor rows run QuickJS on the allocator jsloop runs it on.
#[path = "../../../crates/jsloop-runtime/src/quickjs/alloc.rs"]
mod alloc;

use rquickjs::loader::{BuiltinResolver, ModuleLoader};
use rquickjs::module::ModuleDef;
use rquickjs::{Context, Ctx, Function, Module, Object};

const SHIMS: &str = r#"
globalThis.console = { log: (...a) => __print(a.map(String).join(' ')) };
globalThis.process = { nextTick: (f, ...args) => { Promise.resolve().then(() => f(...args)); } };
"#;

struct ProcessModule;

impl ModuleDef for ProcessModule {
    fn declare(decl: &rquickjs::module::Declarations) -> rquickjs::Result<()> {
        decl.declare("default")?;
        Ok(())
    }
    fn evaluate<'js>(ctx: &Ctx<'js>, exports: &rquickjs::module::Exports<'js>) -> rquickjs::Result<()> {
        let process: Object = ctx.globals().get("process")?;
        exports.export("default", process)?;
        Ok(())
    }
}

fn main() {
    let start = std::time::Instant::now();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let floor_mode = args.first().is_some_and(|a| a == "--floor");
    if floor_mode {
        args.remove(0);
    }
    let path = args.into_iter().next().expect("usage: jsloop-bare [--floor] FILE");
    let source = std::fs::read_to_string(&path).expect("cannot read the file");
    let rt = alloc::new_runtime().expect("runtime");
    rt.set_loader(
        BuiltinResolver::default().with_module("node:process"),
        ModuleLoader::default().with_module("node:process", ProcessModule),
    );
    let context = Context::full(&rt).expect("context");
    let mut floor_state = None;
    let code = context.with(|ctx| {
        let print = Function::new(ctx.clone(), |line: String| {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
        })
        .expect("print");
        ctx.globals().set("__print", print).expect("global");
        ctx.eval::<(), _>(SHIMS).expect("shims");
        if floor_mode {
            floor_state = Some(floor::install(&ctx, start));
        }
        let evaluated = if path.ends_with(".mjs") {
            Module::evaluate(ctx.clone(), path.as_str(), source).and_then(|p| p.finish::<()>())
        } else {
            ctx.eval::<(), _>(source)
        };
        if evaluated.is_err() {
            eprintln!("jsloop-bare: {:?}", ctx.catch());
            return 1;
        }
        0
    });
    if let Some(state) = floor_state.filter(|_| code == 0) {
        if let Err(e) = floor::run(&rt, &context, &state) {
            eprintln!("jsloop-bare: {e}");
            std::process::exit(1);
        }
    }
    // Drain the job queue: every promise reaction, nothing else.
    while rt.is_job_pending() {
        if rt.execute_pending_job().is_err() {
            eprintln!("jsloop-bare: a job threw");
            std::process::exit(1);
        }
    }
    let _ = std::io::stdout().flush();
    std::process::exit(code);
}
