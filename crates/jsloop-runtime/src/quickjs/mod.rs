//! The QuickJS toolkit both hosts use: making an engine with its limits,
//! compiling and running classic scripts, the text of syntax errors and
//! thrown values, rejection events for the hosts' trackers, the serializer
//! glue, and the job queue's state. It names neither host: the browser host
//! (`browser/`) and the node host (`node/`) import it, never each other.
pub mod alloc;
pub(crate) mod exotic;
pub(crate) mod fields;
pub(crate) mod gc;
pub(crate) mod glue;
pub(crate) mod heap_state;
pub mod host_fn;
pub(crate) mod layout;
pub(crate) mod own_slot;
pub(crate) mod port_table;
pub(crate) mod prefetch;
pub(crate) mod raw;
pub(crate) mod text;

use std::ffi::CString;

use jsloop_core::html::LoopEnd;
use jsloop_core::task::Origin;
use rquickjs::{qjs, Array, Context, Ctx, Function, Object, Persistent, Runtime, Value};

use crate::output::SharedOutput;

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// 0 after a clean run; 1 if the script did not compile or any uncaught
    /// error or unhandled rejection was reported.
    pub exit_code: i32,
    /// Why the loop ended (None if it never started).
    pub end: Option<LoopEnd>,
}

/// The Web Locks API's snapshot as both hosts' glue reads it: `[held,
/// pending]`, each a list of `[name, exclusive, clientId]` (no object made
/// per lock: the glue makes the LockInfo dictionaries).
pub(crate) fn lock_snapshot<'js>(
    ctx: &Ctx<'js>,
    held: Vec<(String, bool, String)>,
    pending: Vec<(String, bool, String)>,
) -> rquickjs::Result<rquickjs::Array<'js>> {
    let list = |items: Vec<(String, bool, String)>| -> rquickjs::Result<rquickjs::Array<'js>> {
        let a = rquickjs::Array::new(ctx.clone())?;
        for (i, (name, exclusive, client_id)) in items.into_iter().enumerate() {
            let e = rquickjs::Array::new(ctx.clone())?;
            e.set(0, name)?;
            e.set(1, exclusive)?;
            e.set(2, client_id)?;
            a.set(i, e)?;
        }
        Ok(a)
    };
    let out = rquickjs::Array::new(ctx.clone())?;
    out.set(0, list(held)?)?;
    out.set(1, list(pending)?)?;
    Ok(out)
}

pub(crate) fn to_text(v: &Value<'_>) -> String {
    if let Some(o) = v.as_object() {
        let name: Option<String> = o.get("name").ok();
        let message: Option<String> = o.get("message").ok();
        if let (Some(n), Some(m)) = (name, message) {
            return format!("{n}: {m}");
        }
    }
    v.get::<rquickjs::Coerced<String>>().map(|s| s.0).unwrap_or_else(|_| "exception".into())
}

/// Compiles a classic script without running it, so a syntax error is
/// reported before anything runs.
pub(crate) fn compile_classic_script<'js>(
    ctx: &Ctx<'js>,
    source: &str,
    name: &str,
) -> rquickjs::Result<Value<'js>> {
    let mut bytes = Vec::with_capacity(source.len() + 1);
    bytes.extend_from_slice(source.as_bytes());
    bytes.push(0);
    let name = CString::new(name.replace('\0', "")).unwrap_or_default();
    // SAFETY: `bytes` is NUL-terminated as JS_Eval requires and outlives the
    // call; the returned value is owned and handed to `Value::from_raw`.
    unsafe {
        let v = qjs::JS_Eval(
            ctx.as_raw().as_ptr(),
            bytes.as_ptr().cast(),
            source.len() as _,
            name.as_ptr(),
            (qjs::JS_EVAL_TYPE_GLOBAL | qjs::JS_EVAL_FLAG_COMPILE_ONLY) as i32,
        );
        if qjs::JS_IsException(v) {
            return Err(rquickjs::Error::Exception);
        }
        Ok(Value::from_raw(ctx.clone(), v))
    }
}

/// Runs a compiled classic script.
pub(crate) fn run_compiled<'js>(ctx: &Ctx<'js>, script: &Value<'js>) -> rquickjs::Result<Value<'js>> {
    // SAFETY: JS_EvalFunction takes ownership of its argument, so it gets a
    // new reference; the result is owned and handed to `Value::from_raw`.
    unsafe {
        let raw = qjs::JS_EvalFunction(
            ctx.as_raw().as_ptr(),
            qjs::JS_DupValue(ctx.as_raw().as_ptr(), script.as_raw()),
        );
        if qjs::JS_IsException(raw) {
            return Err(rquickjs::Error::Exception);
        }
        Ok(Value::from_raw(ctx.clone(), raw))
    }
}

pub(crate) fn parse_origin(s: &str) -> Option<Origin> {
    let mut it = s.rsplitn(3, ':');
    let column = it.next()?.parse().ok()?;
    let line = it.next()?.parse().ok()?;
    let file = it.next()?.to_string();
    Some(Origin { file, line, column })
}

/// The script's frames on the stack now, innermost first, as a trace
/// record (docs/trace.md, `call-stack`): None when no script frame is on it.
/// Called by host functions before they trace what the script asked for
/// (and before they borrow the loop). The frames are the engine's call sites
/// (read through a new Error, with `Error.prepareStackTrace` set for that
/// moment to one that returns them, so they do not depend on how `stack` is
/// written); the glue's frames (`jsloop:` files) and native functions are
/// left out.
///
/// Each frame is named as V8 names it in a stack trace (call-site-info.cc,
/// `SerializeJSStackFrame`), as far as QuickJS tells: `new F` for a
/// constructor call; `Type.f`, `Type.f [as m]` or `Type.<anonymous>` for a
/// function the host called as a method of a receiver of type `Type`
/// (`hints`: a WeakMap from the function to `[Type, m]`, which the glue
/// fills when it calls a script's function on a receiver: a Timeout's
/// `_onTimeout`, an Immediate's `_onImmediate`, a CommonJS module's body on
/// `module.exports`, an EventEmitter's listeners); else the function's name,
/// or `<anonymous>` where V8 prints only the location. (QuickJS's call
/// sites have no receiver, so a method the script calls itself keeps its
/// bare name: `go` where V8 says `Sched.go`.)
pub(crate) fn call_stack<'js>(
    ctx: &Ctx<'js>,
    hints: Option<&Object<'js>>,
) -> Option<jsloop_core::trace::TraceEvent> {
    let sites = call_sites(ctx);
    // A stack too deep for one more object: no record (and no exception
    // left pending for the host function's caller).
    let Some(sites) = sites else {
        let _ = ctx.catch();
        return None;
    };
    let hint_of = |f: &Value<'js>| -> Option<(String, Option<String>)> {
        let map = hints?;
        let get: Function = map.get("get").ok()?;
        let hint: Array = get.call((rquickjs::function::This(map.clone()), f.clone())).ok()?;
        let type_name: String = hint.get(0).ok()?;
        let method: Option<String> = hint.get(1).ok();
        Some((type_name, method.filter(|m| !m.is_empty())))
    };
    let mut frames = Vec::new();
    for (i, site) in sites.iter().enumerate() {
        if site.native || site.file.is_empty() || site.file.starts_with("jsloop:") {
            continue;
        }
        let name = site.name.clone().unwrap_or_default();
        // Called by the host: the next frame out that is not native is the
        // glue's, or there is none (the loop called it).
        let by_host = sites[i + 1..].iter().find(|s| !s.native).is_none_or(|s| s.file.starts_with("jsloop:"));
        let function = if site.constructor {
            format!("new {}", if name.is_empty() { "<anonymous>" } else { &name })
        } else if let Some((type_name, method)) = by_host.then(|| hint_of(&site.function)).flatten() {
            // V8's AppendMethodCall.
            if name.is_empty() {
                format!("{type_name}.{}", method.as_deref().unwrap_or("<anonymous>"))
            } else {
                let mut out = String::new();
                if !name.starts_with(&format!("{type_name}.")) {
                    out.push_str(&type_name);
                    out.push('.');
                }
                out.push_str(&name);
                if let Some(m) = method.filter(|m| *m != name && !name.ends_with(&format!(".{m}"))) {
                    out.push_str(&format!(" [as {m}]"));
                }
                out
            }
        } else if name.is_empty() {
            "<anonymous>".into()
        } else {
            name
        };
        frames.push(jsloop_core::trace::StackFrame {
            function,
            at: Origin { file: site.file.clone(), line: site.line, column: site.column },
        });
    }
    (!frames.is_empty()).then_some(jsloop_core::trace::TraceEvent::CallStack { frames })
}

/// One call site of the engine's stack.
struct CallSite<'js> {
    function: Value<'js>,
    name: Option<String>,
    file: String,
    line: u32,
    column: u32,
    native: bool,
    constructor: bool,
}

/// The engine's call sites now, innermost first, the glue's included (None
/// if an Error could not be made): 00_console.js's
/// `Error[Symbol.for('jsloop.engineCallSites')]` makes an Error and returns
/// the call sites the engine gave it (a program's stacks and its
/// `Error.prepareStackTrace` see the program's frames only), as many as the
/// engine keeps whatever the program set `Error.stackTraceLimit` to (the
/// glue's frames do not cut off the script's outer ones).
fn call_sites<'js>(ctx: &Ctx<'js>) -> Option<Vec<CallSite<'js>>> {
    let error: Object = ctx.globals().get("Error").ok()?;
    let key = rquickjs::Symbol::new_global(ctx.clone(), "jsloop.engineCallSites").ok()?;
    let engine_call_sites: Function = error.get(key).ok()?;
    let sites: Array = engine_call_sites.call(()).ok()?;
    let call = |site: &Object<'js>, method: &str| -> Option<Value<'js>> {
        let f: Function = site.get(method).ok()?;
        f.call((rquickjs::function::This(site.clone()),)).ok()
    };
    let mut out = Vec::new();
    for site in sites.iter::<Object>() {
        let site = site.ok()?;
        let number = |method: &str| call(&site, method).and_then(|v| v.as_number()).unwrap_or(-1.0);
        out.push(CallSite {
            function: call(&site, "getFunction").unwrap_or_else(|| Value::new_undefined(ctx.clone())),
            name: call(&site, "getFunctionName").and_then(|v| v.as_string().and_then(|s| s.to_string().ok())),
            file: call(&site, "getFileName")
                .and_then(|v| v.as_string().and_then(|s| s.to_string().ok()))
                .unwrap_or_default(),
            line: number("getLineNumber").max(0.0) as u32,
            column: number("getColumnNumber").max(0.0) as u32,
            native: call(&site, "isNative").and_then(|v| v.as_bool()).unwrap_or(false),
            constructor: call(&site, "isConstructor").and_then(|v| v.as_bool()).unwrap_or(false),
        });
    }
    Some(out)
}

/// The source name and location of a SyntaxError thrown while compiling.
pub(crate) fn syntax_error_text(error: &Value<'_>, name: &str) -> String {
    let obj = error.as_object();
    let message: String = obj.and_then(|o| o.get("message").ok()).unwrap_or_default();
    let kind: String = obj.and_then(|o| o.get("name").ok()).unwrap_or_else(|| "SyntaxError".into());
    let line: Option<u32> = obj.and_then(|o| o.get("lineNumber").ok());
    let column: Option<u32> = obj.and_then(|o| o.get("columnNumber").ok());
    let stack: String = obj.and_then(|o| o.get("stack").ok()).unwrap_or_default();
    let from_stack = stack.lines().find_map(|l| {
        let l = l.trim().trim_start_matches("at ").trim_matches(|c| c == '(' || c == ')');
        parse_origin(l).filter(|o| o.file == name)
    });
    let (line, column) = match (line, column, from_stack) {
        (Some(l), Some(c), _) => (l, c),
        (_, _, Some(o)) => (o.line, o.column),
        _ => (1, 1),
    };
    format!("{name}:{line}:{column}: {kind}: {message}")
}

/// QuickJS's parser messages in V8's words (V8's message-template.h), with
/// the column V8 points at; a message with no V8 counterpart is kept.
pub(crate) fn v8_syntax_message(message: &str, line: &str, column: usize) -> (String, usize) {
    if let Some(token) = message.strip_prefix("unexpected token in expression: ") {
        return (format!("Unexpected token {token}"), column);
    }
    if message.starts_with("expecting ") {
        // QuickJS names what it wanted; V8 names what it found.
        let rest: String = line.chars().skip(column.saturating_sub(1)).collect();
        let word: String =
            rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
        let found = match rest.chars().next() {
            Some(c) if c.is_ascii_digit() => "Unexpected number".to_string(),
            Some('"' | '\'') => "Unexpected string".to_string(),
            Some('`') => "Unexpected template string".to_string(),
            Some(_) if !word.is_empty() => format!("Unexpected identifier '{word}'"),
            Some(c) => format!("Unexpected token '{c}'"),
            None => "Unexpected end of input".to_string(),
        };
        return (found, column);
    }
    if message == "missing initializer for variable" {
        // (QuickJS's message for a `const` or `using` with no initializer.)
        let before: String = line.chars().take(column.saturating_sub(1)).collect();
        let kind = if before.rfind("using").unwrap_or(0) > before.rfind("const").unwrap_or(0) {
            "using"
        } else {
            "const"
        };
        return (format!("Missing initializer in {kind} declaration"), column);
    }
    if message == "unexpected end of string" || message == "invalid string" {
        // V8 marks the string from its opening quote (at the column).
        return ("Invalid or unexpected token".into(), column);
    }
    if message.starts_with("invalid redefinition of lexical identifier") {
        // QuickJS points after the name (`let x = 2` at `=`); V8 at it.
        let before: Vec<char> = line.chars().take(column.saturating_sub(1)).collect();
        let end = before.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1);
        let start = before[..end]
            .iter()
            .rposition(|c| !(c.is_alphanumeric() || *c == '_' || *c == '$'))
            .map_or(0, |i| i + 1);
        if start < end {
            let name: String = before[start..end].iter().collect();
            return (format!("Identifier '{name}' has already been declared"), start + 1);
        }
    }
    (message.to_string(), column)
}

/// A classic script's syntax error as the browser host reports it: `FILE:
/// LINE:COLUMN: SyntaxError: message` in V8's words (what Chromium's console
/// says, `Uncaught SyntaxError: …`), then the source line and a caret under
/// the column (as Node's code frame) when the line is in the source.
pub(crate) fn syntax_error_with_frame(error: &Value<'_>, name: &str, source: &str) -> String {
    let text = syntax_error_text(error, name);
    let Some((place, message)) = text.split_once(": SyntaxError: ") else { return text };
    let Some(o) = parse_origin(place) else { return text };
    let Some(shown) = source.lines().nth(o.line.saturating_sub(1) as usize) else {
        return text;
    };
    let (message, column) = v8_syntax_message(message, shown, o.column as usize);
    format!(
        "{}:{}:{column}: SyntaxError: {message}\n{shown}\n{}^",
        o.file,
        o.line,
        " ".repeat(column.saturating_sub(1))
    )
}

/// Runs `source` as a page's classic script (in an empty document) on the
/// HTML event loop, until nothing can ever run again.
/// A QuickJS runtime and context, or the internal-error outcome (exit 70).
pub(crate) fn new_engine(out: &SharedOutput) -> Result<(Runtime, Context), Outcome> {
    let Ok(rt) = alloc::new_runtime() else {
        out.borrow_mut().err("jsloop: could not create a QuickJS runtime");
        return Err(Outcome { exit_code: 70, end: None });
    };
    let Ok(context) = Context::full(&rt) else {
        out.borrow_mut().err("jsloop: could not create a QuickJS context");
        return Err(Outcome { exit_code: 70, end: None });
    };
    context.with(|ctx| pin_arenas(&ctx));
    Ok((rt, context))
}

/// The block sizes of QuickJS's small-allocation arenas (quickjs.c,
/// `arena_block_sizes`: allocations up to 512 bytes, 8 of them a header,
/// come from 4 KiB arenas of one block size each).
const ARENA_BLOCK_SIZES: [usize; 31] = [
    16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 144, 160, 176, 192, 208, 224, 240, 256,
    288, 320, 352, 384, 416, 448, 480, 512,
];

/// Keeps one block of every arena size in use for the runtime's life.
/// QuickJS frees an arena when its last block is freed and builds a new
/// one (a malloc and a pass over all its blocks) for the next allocation of
/// that size: a loop that makes an object and drops it at once, when no
/// other object of its size is alive, paid that on every turn
/// (`clearTimeout(setTimeout(f, 1))` spent 15% of its time in `arena_new`
/// once Buffer's glue stopped loading at start). With one block pinned, the
/// arena stays. At most 31 arenas of 4 KiB; `JS_FreeRuntime` frees every
/// arena, pinned blocks with them (`js_arena_free_all`).
fn pin_arenas(ctx: &Ctx<'_>) {
    // SAFETY: the runtime of a live context; js_malloc_rt returns a block of
    // at least the size asked (or null), never freed here: the runtime's
    // arenas, with it, go when the runtime does.
    unsafe {
        let rt = qjs::JS_GetRuntime(ctx.as_raw().as_ptr());
        for size in ARENA_BLOCK_SIZES {
            let _ = qjs::js_malloc_rt(rt, (size - 8) as qjs::size_t);
        }
    }
}

/// The rejection tracker's (promise, reason, handled) events as one flat JS
/// array `[p, r, handled, …]`, for the glue.
pub(crate) fn rejection_events<'js>(
    ctx: &Ctx<'js>,
    events: Vec<(Persistent<Value<'static>>, Persistent<Value<'static>>, bool)>,
) -> Option<Array<'js>> {
    let list = Array::new(ctx.clone()).ok()?;
    let mut i = 0;
    for (p, r, handled) in events {
        let (Ok(p), Ok(r)) = (p.restore(ctx), r.restore(ctx)) else { continue };
        let _ = list.set(i, p);
        let _ = list.set(i + 1, r);
        let _ = list.set(i + 2, handled);
        i += 3;
    }
    Some(list)
}

/// Whether a `null` exception is QuickJS running out of memory: with the
/// heap full, it cannot make its "out of memory" InternalError and throws
/// null instead (JS_ThrowError2). By the time the exception is caught the
/// unwound frames have freed their memory, so the sign is the GC threshold,
/// which the last collection set to 1.5 times the heap it left
/// (js_trigger_gc): no collection runs between it and the failed
/// allocation, so the heap was at least two thirds of the limit then and
/// the threshold is at or over the limit. (A script's own `throw null`
/// would have to come after its heap once reached two thirds of the limit.)
pub(crate) fn heap_was_full(ctx: &Ctx<'_>) -> bool {
    // SAFETY: the runtime of a live context; JS_ComputeMemoryUsage reads
    // its counters and objects into `usage`, JS_GetGCThreshold a field.
    let (usage, threshold) = unsafe {
        let rt = qjs::JS_GetRuntime(ctx.as_raw().as_ptr());
        let mut usage = std::mem::zeroed::<qjs::JSMemoryUsage>();
        qjs::JS_ComputeMemoryUsage(rt, &mut usage);
        (usage, qjs::JS_GetGCThreshold(rt))
    };
    // (No limit: malloc_limit is 0, or -1 as a signed count.)
    usage.malloc_limit > 0 && threshold as i64 >= usage.malloc_limit
}

/// The largest stack limit QuickJS is given (rquickjs's own ceiling).
pub const MAX_STACK_BYTES: usize = 16 * 1024 * 1024;

/// Sets QuickJS's memory and stack limits, and an interrupt handler that
/// stops running script when the watchdog fires and paces collections.
/// Returns the pacer, for a host that sets an interrupt handler of its own
/// (it polls the pacer too).
pub(crate) fn apply_engine_limits(
    rt: &Runtime,
    context: &Context,
    limits: &crate::limits::Limits,
    dog: crate::limits::Watchdog,
) -> std::rc::Rc<gc::GcPacer> {
    if let Some(bytes) = limits.max_heap {
        rt.set_memory_limit(bytes);
    }
    rt.set_gc_threshold(first_gc_threshold(limits.max_heap));
    // SAFETY: the context's runtime is `rt`, which owns the interrupt
    // handlers that hold the pacer.
    let pacer = std::rc::Rc::new(unsafe {
        gc::GcPacer::new(context.with(|ctx| qjs::JS_GetRuntime(ctx.as_raw().as_ptr())), limits.max_heap)
    });
    if let Some(bytes) = limits.max_stack {
        // rquickjs takes a limit above 16 MiB for no limit at all (so that
        // QuickJS's `stack_top - stack_size` cannot wrap): a larger limit is
        // 16 MiB, never none, so deep recursion is a RangeError and never
        // the end of the thread's stack (a crash).
        rt.set_max_stack_size(bytes.min(MAX_STACK_BYTES));
    }
    let p = pacer.clone();
    rt.set_interrupt_handler(Some(Box::new(move || {
        p.poll();
        dog.check()
    })));
    pacer
}

/// The heap size at which QuickJS first collects garbage. Its default,
/// 256 KiB, is less than the glue start-up leaves alive (all of it live):
/// the browser host collected four times before running a line of the
/// script, the node host twice. After a collection QuickJS sets the next
/// threshold itself (1.5 times the heap left), as before. Under a memory
/// limit the first collection comes at half the limit at most (never before
/// QuickJS's default), so garbage is collected before the limit is reached
/// and `heap_was_full` (which reads a threshold at or over the limit as a
/// full heap) holds.
fn first_gc_threshold(max_heap: Option<usize>) -> usize {
    const START: usize = 4 * 1024 * 1024;
    const QUICKJS_DEFAULT: usize = 256 * 1024;
    match max_heap {
        Some(limit) => START.min(limit / 2).max(QUICKJS_DEFAULT),
        None => START,
    }
}

/// Why a page or script could not be loaded (the message is already
/// printed to the run's stderr).
#[derive(Debug, Clone)]
pub(crate) struct LoadError {
    pub exit_code: i32,
    pub message: String,
}

/// The glue that serializes values crossing threads (05_serialize.js), given
/// the realm's DOMException and inspect.
pub(crate) fn serializer<'js>(
    ctx: &Ctx<'js>,
    dom_exception: Value<'js>,
    inspect: Value<'js>,
) -> rquickjs::Result<Object<'js>> {
    let init: Function = crate::quickjs::glue::eval(ctx, "05_serialize.js")?;
    init.call((dom_exception, inspect))
}

pub(crate) fn throw_error(ctx: &Ctx<'_>, message: &str) -> rquickjs::Error {
    match rquickjs::Exception::from_message(ctx.clone(), message) {
        Ok(e) => ctx.throw(e.into_value()),
        Err(e) => e,
    }
}

pub(crate) fn eval_options(name: &str) -> rquickjs::context::EvalOptions {
    let mut o = rquickjs::context::EvalOptions::default();
    o.global = true;
    o.strict = false;
    o.filename = Some(name.to_string());
    o
}

/// Whether QuickJS's job queue (the microtask queue) has a job.
pub(crate) fn job_pending(ctx: &Ctx<'_>) -> bool {
    // SAFETY: a read of the runtime's job list, from its own thread, with
    // the context alive.
    unsafe { qjs::JS_IsJobPending(qjs::JS_GetRuntime(ctx.as_raw().as_ptr())) }
}

/// Line `line` (1-based) of the file `file` as the engine compiled it
/// (`prefix` is what the host put before its first line), if it can be read.
pub(crate) fn source_line(file: &str, line: u32, prefix: &str) -> Option<String> {
    if file.starts_with("jsloop:") || line == 0 {
        return None;
    }
    let text = source_text(file)?;
    let found = text.lines().nth(line as usize - 1)?;
    Some(if line == 1 { format!("{prefix}{found}") } else { found.to_string() })
}

thread_local! {
    /// Sources that are no file (`-e`, `-p` and standard input's code, by
    /// the name the engine knows them by), for code frames and the callee of
    /// "is not a function".
    static SOURCES: std::cell::RefCell<std::collections::HashMap<String, std::rc::Rc<str>>> =
        Default::default();
}

/// Remembers the source of code that is no file (see [`source_text`]).
pub(crate) fn remember_source(name: &str, source: &str) {
    SOURCES.with(|s| s.borrow_mut().insert(name.to_string(), source.into()));
}

/// The text of a script: a source remembered by [`remember_source`], else
/// the file.
pub(crate) fn source_text(file: &str) -> Option<String> {
    if let Some(text) = SOURCES.with(|s| s.borrow().get(file).cloned()) {
        return Some(text.to_string());
    }
    std::fs::read_to_string(file).ok()
}

/// How a run ends when its globals could not be installed. Stopped from
/// outside while starting (a worker terminated as it starts, the watchdog,
/// Ctrl-C) is not an error of jsloop's: the stop's exit code, and a line
/// unless the stop was a `terminate()`; anything else is an internal error
/// (exit 70).
pub(crate) fn install_failed(
    dog: &crate::limits::Watchdog,
    out: &SharedOutput,
    what: &str,
    error: &str,
) -> Outcome {
    if let Some(reason) = dog.fired() {
        if reason != crate::limits::StopReason::Terminated {
            out.borrow_mut().err(&format!("jsloop: {} while starting", reason.describe()));
        }
        return Outcome { exit_code: reason.exit_code(), end: None };
    }
    out.borrow_mut().err(&format!("jsloop: internal error installing the {what}: {error}"));
    Outcome { exit_code: 70, end: None }
}

/// An object's own enumerable string keys other than array indices, in
/// order: what `Object.keys(o).filter(not an index)` gives, without making
/// a string per element of a large array or typed array (QuickJS lists each
/// index as a tagged integer atom, skipped here).
pub(crate) fn own_non_index_keys(ctx: &rquickjs::Ctx<'_>, obj: &rquickjs::Object<'_>) -> Vec<String> {
    /// QuickJS's JS_ATOM_TAG_INT: the atom is an integer below 2^31.
    const TAG_INT: u32 = 1 << 31;
    let mut tab: *mut qjs::JSPropertyEnum = std::ptr::null_mut();
    let mut len: u32 = 0;
    let flags = (qjs::JS_GPN_STRING_MASK | qjs::JS_GPN_ENUM_ONLY) as i32;
    // SAFETY: the context and object are live; the table QuickJS returns
    // is read within its length and freed once below.
    unsafe {
        if qjs::JS_GetOwnPropertyNames(ctx.as_raw().as_ptr(), &mut tab, &mut len, obj.as_raw(), flags) < 0 {
            return Vec::new();
        }
        let entries = std::slice::from_raw_parts(tab, len as usize);
        let mut out = Vec::new();
        for e in entries {
            if e.atom & TAG_INT != 0 {
                continue;
            }
            let mut n: qjs::size_t = 0;
            let c = qjs::JS_AtomToCStringLen(ctx.as_raw().as_ptr(), &mut n, e.atom);
            if c.is_null() {
                continue;
            }
            let name =
                String::from_utf8_lossy(std::slice::from_raw_parts(c.cast::<u8>(), n as usize)).into_owned();
            qjs::JS_FreeCString(ctx.as_raw().as_ptr(), c);
            // An index too large for a tagged atom (2^31 .. 2^32 - 2) is
            // still an index.
            if name.parse::<u32>().is_ok_and(|n| n < u32::MAX && n.to_string() == name) {
                continue;
            }
            out.push(name);
        }
        qjs::JS_FreePropertyEnum(ctx.as_raw().as_ptr(), tab, len);
        out
    }
}
