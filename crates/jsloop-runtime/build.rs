//! Compiles jsloop's JavaScript glue (`src/js`) to QuickJS bytecode when the
//! crate is built, so that starting a runtime reads bytecode instead of
//! parsing about 10,000 lines of JavaScript (parsing was most of start-up:
//! see bench/RESULTS.md, `startup`).
//!
//! Each glue file is one function expression; it is compiled as a global
//! script (not strict at the top, as `engine::eval_options` evaluates it),
//! with its `jsloop:glue/...` file name, so stack traces and the trace's
//! call sites read the same as from source. The bytecode keeps the line
//! tables but not the source text: a glue function's `toString()` is
//! `function name() { [native code] }`, as a browser prints its built-ins
//! (and reading the glue at start-up reads a quarter of the bytes).
//! `src/quickjs/glue.rs` falls back to the source if QuickJS ever refuses the
//! bytecode.
use std::ffi::CString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rquickjs::{qjs, Context, Runtime, Value};

/// The glue files, relative to `src/js`.
const GLUE: &[&str] = &[
    "00_console.js",
    "00_error_words.js",
    "01_console.js",
    "05_serialize.js",
    "10_browser.js",
    "12_file.js",
    "13_url.js",
    "14_fetch.js",
    "16_performance.js",
    "17_webcrypto.js",
    "15_workers.js",
    "20_dom.js",
    "21_range.js",
    "22_image.js",
    "24_scheduler.js",
    "25_storage.js",
    "26_observers.js",
    "27_css.js",
    "30_page.js",
    "40_node.js",
    "41_buffer.js",
    "42_fs.js",
    "43_net.js",
    "44_worker_threads.js",
    "webcrypto.js",
    "node/util.js",
    "node/events.js",
    "node/path.js",
    "node/assert.js",
    "node/console.js",
    "node/stream.js",
    "node/string_decoder.js",
    "node/event_target.js",
    "node/stream_web.js",
    "node/crypto.js",
    "node/diagnostics_channel.js",
    "node/perf_hooks.js",
    "node/tty.js",
    "node/v8.js",
    "node/zlib.js",
    "node/http.js",
    "node/tls.js",
    "node/https.js",
    "node/fetch.js",
    "node/blob.js",
    "node/encoding.js",
    "encoding.js",
    "18_encoding.js",
    "23_compression.js",
    "streams.js",
    "19_streams.js",
    "node/readline.js",
    "node/websocket.js",
    "node/os.js",
    "node/url.js",
    "node/test.js",
    "node/dns.js",
    "node/dgram.js",
    "node/locks.js",
    "node/child_process.js",
    "node/querystring.js",
    "node/async_hooks.js",
    "node/domain.js",
    "node/vm.js",
    "node/module.js",
    "node/dom_exception.js",
    "node/rejections.js",
    "node/timers_promises.js",
    "node/stream_consumers.js",
    "node/stdio.js",
    "node/process_methods.js",
    "node/console_more.js",
    "node/events_more.js",
    "node/node_more.js",
    "node/worker_process.js",
    "intl.js",
];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let js = Path::new("src/js");
    println!("cargo:rerun-if-changed=build.rs");
    let rt = Runtime::new().expect("a QuickJS runtime");
    let ctx = Context::full(&rt).expect("a QuickJS context");
    let mut table = String::from("/// (name, source, bytecode) of every glue file, made by build.rs.\npub(crate) static GLUE: &[(&str, &str, &[u8])] = &[\n");
    ctx.with(|ctx| {
        for name in GLUE {
            let path = js.join(name);
            println!("cargo:rerun-if-changed={}", path.display());
            let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let bytecode = compile(&ctx, &source, &format!("jsloop:glue/{name}"));
            let file = out.join(format!("{}.qbc", name.replace('/', "_")));
            std::fs::write(&file, bytecode).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let source_path = std::fs::canonicalize(&path).expect("glue path");
            writeln!(
                table,
                "    ({name:?}, include_str!({:?}), include_bytes!({:?})),",
                source_path.display().to_string(),
                file.display().to_string()
            )
            .unwrap();
        }
    });
    table.push_str("];\n");
    std::fs::write(out.join("glue.rs"), table).expect("glue.rs");
}

/// The bytecode of `source` compiled (not run) as a global script.
fn compile(ctx: &rquickjs::Ctx<'_>, source: &str, file_name: &str) -> Vec<u8> {
    let raw = ctx.as_raw().as_ptr();
    let src = CString::new(source).expect("glue has no NUL");
    let name = CString::new(file_name).expect("file name has no NUL");
    let flags = (qjs::JS_EVAL_TYPE_GLOBAL | qjs::JS_EVAL_FLAG_COMPILE_ONLY) as i32;
    // SAFETY: `raw` is the live context of `ctx`; the source is NUL-terminated
    // and its length excludes the NUL, as JS_Eval requires. The compiled
    // function is owned by `compiled` (Value::from_raw), which frees it.
    let compiled = unsafe {
        Value::from_raw(ctx.clone(), qjs::JS_Eval(raw, src.as_ptr(), source.len() as _, name.as_ptr(), flags))
    };
    if compiled.is_exception() {
        let error = ctx.catch();
        let message = error
            .as_exception()
            .map(|e| {
                format!("{} ({})", e.message().unwrap_or_default(), e.stack().unwrap_or_default().trim())
            })
            .unwrap_or_else(|| format!("{error:?}"));
        panic!("{file_name}: the glue does not compile: {message}");
    }
    let mut size: usize = 0;
    // SAFETY: JS_WriteObject returns a buffer of `size` bytes allocated in the
    // context (or null on failure); it is copied out and freed with js_free.
    unsafe {
        let buf = qjs::JS_WriteObject(
            raw,
            &mut size as *mut usize as *mut _,
            compiled.as_raw(),
            (qjs::JS_WRITE_OBJ_BYTECODE | qjs::JS_WRITE_OBJ_STRIP_SOURCE) as i32,
        );
        assert!(!buf.is_null(), "{file_name}: JS_WriteObject failed");
        let bytes = std::slice::from_raw_parts(buf, size).to_vec();
        qjs::js_free(raw, buf as *mut _);
        bytes
    }
}
