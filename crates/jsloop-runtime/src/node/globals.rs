//! Node's globals and the host functions the node glue (`src/js/40_node.js`
//! and after) calls: `install_node_globals`.
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::clock::ClockKind;
use rquickjs::function::Opt;
use rquickjs::{qjs, Array, Ctx, Function, Object, Persistent, Value};

use super::fs::ops as fs_ops;
use super::fs::{fs_result_to_js, request_from_js};
use super::host::NodeJsHost;
use super::modules::esm;
use super::ports::install_ports;
use super::session::{wrap_module, WRAPPER_PREFIX};
use super::{crypto, dns, http, tls, zlib, NodeCallback, Shared};
use crate::quickjs::raw::RawCall;
use crate::quickjs::text::WellFormed;
use crate::quickjs::{compile_classic_script, run_compiled, throw_error};

pub(super) fn install_node_globals<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    main: &str,
    args: &[String],
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<()> {
    let host = Object::new(ctx.clone())?;
    // worker_threads: the first Worker makes this process's loop one of a
    // world of loops (under the virtual clock, reading its shared time).
    let join_world: Rc<dyn Fn(&jsloop_core::world::World)> = {
        let lp = shared.lp.clone();
        let dog = dog.clone();
        let own = shared.inbox.sender();
        Rc::new(move |world| {
            if world.clock_kind() == ClockKind::Virtual {
                world.set_virtual_now(lp.borrow().hrtime());
                let clock = crate::limits::WatchedClock::new(Box::new(world.virtual_clock()), dog.clone());
                lp.borrow_mut().set_clock(Box::new(clock));
            }
            let member = world.join("main thread", own.clone());
            lp.borrow_mut().join_world(member);
        })
    };
    crate::node::worker_threads::install(ctx, &host, &shared.family, shared.inbox.sender(), join_world)?;
    super::v8::install(ctx, &host)?;
    super::modules::install(ctx, &host)?;
    super::child_process::install_process(ctx, &host)?;
    super::fs::event::install(ctx, &host, shared)?;
    super::fs::read_file::install(ctx, &host, shared)?;
    install_ports(ctx, &host, shared)?;
    super::hot::attach(ctx, shared);
    let argv = Array::new(ctx.clone())?;
    argv.set(
        0,
        std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_else(|_| "jsloop".into()),
    )?;
    // process.argv[1] is the main module's path; for `-e`/`-p` there is
    // none (the script's arguments follow the executable), and for `-` it
    // is `-` (Node 24: `node -e CODE a` has argv [node, 'a'], `node - a`
    // [node, '-', 'a']).
    let script_name = std::path::Path::new(main).file_name().and_then(|n| n.to_str());
    let mut next = 1;
    match script_name {
        Some("[eval]") => {}
        Some("[stdin]") => {
            argv.set(1, "-")?;
            next = 2;
        }
        _ => {
            argv.set(1, main)?;
            next = 2;
        }
    }
    for (i, a) in args.iter().enumerate() {
        argv.set(i + next, a.as_str())?;
    }
    host.set("argv", argv)?;
    crate::node::os::install(ctx, &host)?;
    host.set("pid", std::process::id())?;
    host.set("ppid", 0)?;
    host.set("platform", std::env::consts::OS)?;
    host.set("arch", if std::env::consts::ARCH == "x86_64" { "x64" } else { std::env::consts::ARCH })?;
    host.set("version", env!("CARGO_PKG_VERSION"))?;
    // SAFETY: the engine's static version string.
    let quickjs = unsafe { std::ffi::CStr::from_ptr(rquickjs::qjs::JS_GetVersion()) };
    host.set("quickjsVersion", quickjs.to_string_lossy().into_owned())?;
    host.set("tracing", shared.lp.borrow().tracer.enabled())?;
    host.set("unhandledRejections", shared.unhandled_rejections.as_str())?;
    host.set("timeOrigin", shared.lp.borrow().clock().time_origin_unix_ms())?;

    let s = shared.clone();
    host.set(
        "print",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, stream: i32, WellFormed(text): WellFormed| {
            if s.stopping.get() {
                return;
            }
            if crate::node::worker_threads::pipe_stdio(&s.family, stream, &format!("{text}\n")) {
                return;
            }
            if s.lp.borrow().tracer.enabled() {
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().trace(crate::output::line_event(stream, &text));
            }
            s.out.borrow_mut().line(stream, &text)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "write",
        // (Node writes a lone surrogate as U+FFFD: quickjs/text.rs.)
        Function::new(ctx.clone(), move |stream: i32, WellFormed(text): WellFormed| {
            if s.stopping.get() {
                return;
            }
            if crate::node::worker_threads::pipe_stdio(&s.family, stream, &text) {
                return;
            }
            s.out.borrow_mut().write(stream, &text)
        })?,
    )?;
    // Node lets the main thread block in Atomics.wait (a browser's main
    // thread may not).
    unsafe { qjs::JS_SetCanBlock(qjs::JS_GetRuntime(ctx.as_raw().as_ptr()), true) };
    let virtual_clock = shared.lp.borrow().clock().kind() == ClockKind::Virtual;
    host.set("virtualClock", virtual_clock)?;
    let s = shared.clone();
    host.set(
        "stall",
        Function::new(ctx.clone(), move |ms: f64| {
            if ms.is_finite() && ms > 0.0 {
                s.lp.borrow_mut().stall(Duration::from_secs_f64(ms / 1000.0));
            }
        })?,
    )?;
    // (performance.now's raw function: an Event's timeStamp reads it, as
    // node/port_fire.rs reads the same clock.)
    host.set("now", super::hot::performance_now_function(ctx)?)?;
    // performance.timeOrigin (node/perf_hooks.js).
    host.set("timeOrigin", shared.lp.borrow().clock().time_origin_unix_ms())?;
    // performance.eventLoopUtilization's figures: [when the loop started
    // (ms since the time origin; -1 while the main module runs), its idle
    // time in poll (ms)].
    let s = shared.clone();
    host.set(
        "loopMetrics",
        Function::new(ctx.clone(), move || {
            let l = s.lp.borrow();
            let start = l.loop_start().map_or(-1.0, jsloop_core::clock::millis);
            vec![start, jsloop_core::clock::millis(l.idle_time())]
        })?,
    )?;
    // performance.nodeTiming's figures (node/perf_hooks.js): [nodeStart,
    // v8Start, environment, bootstrapComplete, loopStart, loopExit (ms
    // since the time origin; -1 for a milestone not reached), idleTime
    // (ms), loopCount, events, eventsWaiting (uv_metrics_info)].
    let s = shared.clone();
    host.set(
        "nodeTiming",
        Function::new(ctx.clone(), move || {
            let l = s.lp.borrow();
            let ms = jsloop_core::clock::millis;
            let mut v: Vec<f64> = s.milestones.get().iter().map(|d| ms(*d)).collect();
            v.push(l.loop_start().map_or(-1.0, ms));
            v.push(l.loop_exit().map_or(-1.0, ms));
            v.push(ms(l.idle_time()));
            let (count, events, waiting) = l.metrics_info();
            v.extend([count as f64, events as f64, waiting as f64]);
            v
        })?,
    )?;
    // (`dateNow`: node/hot.rs.)
    let s = shared.clone();
    host.set("hrtime", Function::new(ctx.clone(), move || s.lp.borrow().hrtime().as_nanos() as f64)?)?;
    host.set(
        "cwd",
        Function::new(ctx.clone(), || {
            std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_else(|_| "/".into())
        })?,
    )?;
    host.set(
        "memoryUsage",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| -> rquickjs::Result<Object<'js>> {
            let o = Object::new(ctx.clone())?;
            let rss = std::fs::read_to_string("/proc/self/statm")
                .ok()
                .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse::<f64>().ok()))
                .map(|pages| pages * 4096.0)
                .unwrap_or(0.0);
            // QuickJS has one heap, array buffers' bytes in it (as
            // v8.getHeapStatistics says: node/v8.js): what it has allocated
            // is both its total and its used size, and nothing is external.
            let heap = super::v8::heap_bytes(&ctx);
            o.set("rss", rss)?;
            o.set("heapTotal", heap)?;
            o.set("heapUsed", heap)?;
            o.set("external", 0)?;
            o.set("arrayBuffers", 0)?;
            Ok(o)
        })?,
    )?;
    // clearActiveTimer, setImmediate and nextTick: raw C functions; the
    // Timeout and Immediate classes (node/timeout.rs).
    super::hot::install(ctx, &host)?;
    // host.lazyGlobals and host.orderOwnProperties (start-up's C functions).
    super::startup::install(ctx, &host)?;
    // With --trace, the glue says what the script scheduled that the loop
    // does not see being queued: a promise reaction (`.then`, which QuickJS
    // queues itself) and queueMicrotask, each after the script's call stack.
    let s = shared.clone();
    host.set(
        "traceNote",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, text: String| {
            if s.lp.borrow().tracer.enabled() {
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().trace(jsloop_core::trace::TraceEvent::Note { text });
            }
        })?,
    )?;
    // `promise.then(…)` under --trace: the note says whether its reaction job
    // is queued now (the promise is settled: PerformPromiseThen step 10–11)
    // or when the promise settles (step 9); the answer is where it was
    // called (`file:line:col`), for the reaction's microtask-source record.
    let s = shared.clone();
    host.set(
        "traceThen",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, promise: Value<'js>| -> Option<String> {
            if !s.lp.borrow().tracer.enabled() {
                return None;
            }
            let stack = call_stack(&ctx, &s);
            let origin = match &stack {
                Some(jsloop_core::trace::TraceEvent::CallStack { frames }) => frames.first().map(|f| {
                    let column = if f.at.line == 1 && f.at.column as usize > WRAPPER_PREFIX.len() {
                        f.at.column - WRAPPER_PREFIX.len() as u32
                    } else {
                        f.at.column
                    };
                    format!("{}:{}:{}", f.at.file, f.at.line, column)
                }),
                _ => None,
            };
            // (Only a script's own .then is noted: the glue's promises are
            // the host's business.)
            origin.as_ref()?;
            let text = match promise.as_promise().map(|p| p.state()) {
                Some(rquickjs::promise::PromiseState::Pending) => {
                    "promise.then(): the promise is pending; its reaction job is queued when it settles"
                }
                _ => "promise.then(): the promise is settled; its reaction job is queued now",
            };
            trace_call_stack(&ctx, &s);
            s.lp.borrow_mut().trace(jsloop_core::trace::TraceEvent::Note { text: text.into() });
            origin
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "traceMicrotask",
        Function::new(ctx.clone(), move |kind: String, origin: Option<String>| {
            let origin = origin.as_deref().and_then(crate::quickjs::parse_origin);
            s.lp.borrow_mut().trace(jsloop_core::trace::TraceEvent::MicrotaskSource { kind, origin });
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "clearTimer",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().clear_timer(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "timerRef",
        Function::new(ctx.clone(), move |id: f64, r: bool| s.lp.borrow_mut().set_timer_ref(id as u64, r))?,
    )?;
    let s = shared.clone();
    host.set(
        "timerRefresh",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().refresh_timer(id as u64))?,
    )?;
    // A program's writes to a Timeout's `_repeat` and `_idleTimeout`, which
    // the timers phase reads when the callback returns; `_destroyed` and
    // `_idleStart` read from the loop.
    let s = shared.clone();
    host.set(
        "timerSetRepeat",
        Function::new(ctx.clone(), move |id: f64, repeat: Option<f64>| {
            s.lp.borrow_mut().set_timer_repeat(id as u64, repeat)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "timerSetIdleTimeout",
        Function::new(ctx.clone(), move |id: f64, after: f64| {
            s.lp.borrow_mut().set_timer_idle_timeout(id as u64, after)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "timerActive",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow().timer_active(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "timerPlaced",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow().timer_placed(id as u64))?,
    )?;
    let s = shared.clone();
    host.set("timerStart", Function::new(ctx.clone(), move |id: f64| s.lp.borrow().timer_start(id as u64))?)?;
    let s = shared.clone();
    host.set(
        "immediateActive",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow().immediate_active(id as u64))?,
    )?;
    // Node's native immediates (before the immediates in the check phase;
    // unref'd unless the second argument says ref'd): how async hooks'
    // destroy callbacks are run (unref'd), and DNS answers (ref'd).
    let s = shared.clone();
    host.set(
        "setNativeImmediate",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, refed: Opt<bool>| {
            let cb = NodeCallback::Call(RawCall::of_function(&ctx, &f));
            if refed.0.unwrap_or(false) {
                s.lp.borrow_mut().set_native_immediate_refed(cb);
            } else {
                s.lp.borrow_mut().set_native_immediate(cb);
            }
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "clearImmediate",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow_mut().clear_immediate(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "immediateRef",
        Function::new(ctx.clone(), move |id: f64, r: bool| {
            s.lp.borrow_mut().set_immediate_ref(id as u64, r)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "immediateHasRef",
        Function::new(ctx.clone(), move |id: f64| s.lp.borrow().immediate_has_ref(id as u64))?,
    )?;
    let s = shared.clone();
    host.set(
        "exit",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| -> rquickjs::Result<()> {
            if s.stopping.get() {
                return Ok(());
            }
            // Node's process.exit: 'exit' is emitted unless the process is
            // already exiting (process.exit() in an 'exit' listener), then
            // the process ends with process.exitCode as the listeners left
            // it, and nothing else runs.
            let glue = s.glue.borrow().clone().and_then(|g| g.restore(&ctx).ok());
            let exit_code = |glue: &Option<Object<'js>>| {
                glue.as_ref()
                    .and_then(|g| g.get::<_, Function>("getExitCode").ok())
                    .and_then(|f| f.call::<_, Option<i32>>(()).ok().flatten())
                    .unwrap_or(0)
            };
            if !s.exit_emitted.replace(true) {
                if let Some(f) = glue.as_ref().and_then(|g| g.get::<_, Function>("emitExit").ok()) {
                    let _ = f.call::<_, ()>((exit_code(&glue), false));
                }
                if s.stopping.get() {
                    // A listener called process.exit(): that call ended it.
                    return Err(throw_exit(&ctx));
                }
            }
            s.exit_code.set(Some(exit_code(&glue)));
            s.stopping.set(true);
            s.lp.borrow_mut().stop();
            Err(throw_exit(&ctx))
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "fatal",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, error: Value<'js>| {
            let host = NodeJsHost { ctx, shared: s.clone() };
            host.fatal(&error, 1);
        })?,
    )?;
    host.set(
        "stat",
        // (Paths with lone surrogates as Node's BufferValue writes them:
        // U+FFFD, quickjs/text.rs.)
        Function::new(ctx.clone(), |WellFormed(path): WellFormed| -> Option<&'static str> {
            let m = std::fs::metadata(&path).ok()?;
            Some(if m.is_dir() { "dir" } else { "file" })
        })?,
    )?;
    // `host.sourceText(file)`: a script's text as the engine compiled it
    // (code from -e or standard input is remembered; a file is read), for
    // assert's messages; undefined if there is none.
    host.set("sourceText", Function::new(ctx.clone(), |file: String| crate::quickjs::source_text(&file))?)?;
    host.set(
        "readFile",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, WellFormed(path): WellFormed| -> rquickjs::Result<String> {
                std::fs::read_to_string(&path).map_err(|e| throw_error(&ctx, &format!("{path}: {e}")))
            },
        )?,
    )?;
    host.set(
        "compileModule",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             source: String,
             WellFormed(filename): WellFormed|
             -> rquickjs::Result<Value<'js>> {
                let script = compile_classic_script(&ctx, &wrap_module(&source), &filename)?;
                run_compiled(&ctx, &script)
            },
        )?,
    )?;

    // TextEncoder and TextDecoder's host functions (shared with the browser host).
    super::promise_hooks::install(ctx, &host)?;
    host.set(
        "ownNonIndexKeys",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, obj: Object<'js>| {
            crate::quickjs::own_non_index_keys(&ctx, &obj)
        })?,
    )?;
    host.set(
        "promiseDetails",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, p: Value<'js>| -> rquickjs::Result<Value<'js>> {
            let Some(promise) = p.as_promise() else { return Ok(Value::new_undefined(ctx)) };
            let list = Array::new(ctx.clone())?;
            match promise.state() {
                rquickjs::promise::PromiseState::Pending => list.set(0, 0)?,
                rquickjs::promise::PromiseState::Resolved => {
                    list.set(0, 1)?;
                    list.set(1, promise.result::<Value>().and_then(|r| r.ok()))?;
                }
                rquickjs::promise::PromiseState::Rejected => {
                    list.set(0, 2)?;
                    let reason = match promise.result::<Value>() {
                        Some(Err(rquickjs::Error::Exception)) => ctx.catch(),
                        _ => Value::new_undefined(ctx.clone()),
                    };
                    list.set(1, reason)?;
                }
            }
            Ok(list.into_value())
        })?,
    )?;
    // A file system request (node/fs/): on the thread pool, its callback
    // in the poll phase.
    let s = shared.clone();
    host.set(
        "fsAsync",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, request: Object<'js>, cb: Function<'js>| {
            let request = request_from_js(&ctx, &request)?;
            let traced = s.lp.borrow().tracer.enabled().then(|| (request.name(), request.subject()));
            let id = s.io.submit(move || fs_ops::run(&request));
            if let Some((name, subject)) = traced {
                super::io_trace::fs_queued(&s, id, name, subject);
            }
            s.fs_callbacks.borrow_mut().insert(id, Persistent::save(&ctx, cb));
            rquickjs::Result::Ok(())
        })?,
    )?;
    // The same on the loop's thread (the *Sync functions): the value, or
    // the error thrown.
    host.set(
        "fsSync",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, request: Object<'js>| -> rquickjs::Result<Value<'js>> {
            let result = fs_ops::run(&request_from_js(&ctx, &request)?);
            let (err, value) = fs_result_to_js(&ctx, &result)?;
            if !err.is_null() {
                return Err(ctx.throw(err));
            }
            Ok(value)
        })?,
    )?;

    super::net::install(ctx, &host, shared)?;
    let s = shared.clone();
    host.set(
        "closeHandle",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
            let cb = NodeCallback::Call(RawCall::of_function(&ctx, &f));
            s.lp.borrow_mut().close_handle(cb);
        })?,
    )?;

    let global = ctx.globals();
    // Console formatting (Node's util.inspect comes with the util module).
    // A line of a module, for the engine's error messages (00_console.js
    // names the callee of `x.foo is not a function`); a CommonJS module's
    // first line as compiled, inside the wrapper.
    host.set(
        "sourceLine",
        Function::new(ctx.clone(), |file: String, line: u32| {
            let prefix = if esm::is_commonjs(&file) { WRAPPER_PREFIX } else { "" };
            crate::quickjs::source_line(&file, line, prefix)
        })?,
    )?;
    // Error.prepareStackTrace is Node's default formatter, and stacks count
    // a CommonJS module's columns without its wrapper (00_console.js).
    host.set("nodeStacks", true)?;
    host.set("moduleWrapperColumns", WRAPPER_PREFIX.len())?;
    // Glue that loads other glue when first needed (00_console.js's error
    // messages, the built-in modules), with the host functions only that
    // glue calls.
    let s = shared.clone();
    let installed = std::cell::Cell::new(0u16);
    host.set(
        "glue",
        crate::quickjs::glue::loader_with(ctx, move |ctx, host, file| {
            install_for_glue(ctx, host, &s, &installed, file)
        })?,
    )?;
    let console_init: Function = crate::quickjs::glue::eval(ctx, "00_console.js")?;
    let engine: Object = console_init.call((host.clone(), global.clone()))?;
    // globalThis.console is Node's (40_node.js defines it), in the place
    // among the global's keys where the browser host's console is made.
    global.prop(
        "console",
        rquickjs::object::Property::from(Value::new_undefined(ctx.clone())).writable().configurable(),
    )?;
    // What 40_node.js is given besides the host: the console engine and
    // the serializer's makings. The built-in modules' glue is evaluated when
    // a program first needs it (40_node.js calls host.glue with the file):
    // most programs use few of them, and start-up is mostly reading glue.
    let builtins = Object::new(ctx.clone())?;
    builtins.set("consoleEngine", engine)?;
    // Node's global DOMException (what postMessage's DataCloneError is).
    let dom_exception_init: Function = crate::quickjs::glue::eval(ctx, "node/dom_exception.js")?;
    let dom_exception: Value = dom_exception_init.call(())?;
    global.set("DOMException", dom_exception.clone())?;
    // (What the serializer is made with rides on the object its getter is
    // on: a Persistent captured by a JavaScript function would be a cycle
    // the collector cannot see. Its inspect, host.inspect, is set there by
    // 40_node.js.)
    builtins.set("serializerDOMException", dom_exception)?;
    builtins.prop(
        "serializer",
        rquickjs::object::Accessor::new_get(|ctx: Ctx<'js>, this: rquickjs::function::This<Object<'js>>| {
            crate::quickjs::serializer(
                &ctx,
                this.get("serializerDOMException")?,
                this.get("serializerInspect")?,
            )
        }),
    )?;
    let node_init: Function = crate::quickjs::glue::eval(ctx, "40_node.js")?;
    let glue: Object = node_init.call((host, global.clone(), builtins))?;
    *shared.glue.borrow_mut() = Some(Persistent::save(ctx, glue));
    Ok(())
}

/// The host functions only one built-in module's glue calls, in groups
/// installed together (install_for_glue).
#[derive(Clone, Copy)]
enum HostGroup {
    Crypto,
    Zlib,
    Http,
    Tls,
    Dns,
    Udp,
    Vm,
    Url,
    Encoding,
    ChildProcess,
    Intl,
}

/// Installs, when `file` is first read (host.glue), the host functions
/// that only its glue calls: no program start makes them (a function object
/// and a property each) for a module it may never require. `installed`
/// holds a bit per group already installed.
fn install_for_glue<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    shared: &Rc<Shared>,
    installed: &std::cell::Cell<u16>,
    file: &str,
) -> rquickjs::Result<()> {
    use HostGroup::*;
    let groups: &[HostGroup] = match file {
        "node/crypto.js" => &[Crypto],
        "node/zlib.js" => &[Zlib],
        "node/http.js" => &[Http, Encoding],
        "node/websocket.js" => &[Http],
        "node/tls.js" => &[Tls],
        // (dns.js's resolver sends its queries over UDP.)
        "node/dns.js" => &[Dns, Udp],
        "node/dgram.js" => &[Udp],
        "node/vm.js" | "44_worker_threads.js" => &[Vm],
        "node/url.js" => &[Url],
        // TextEncoder/TextDecoder's and Buffer's string conversions (shared
        // with the browser host).
        "encoding.js" | "41_buffer.js" | "node/string_decoder.js" => &[Encoding],
        "node/child_process.js" => &[ChildProcess],
        // (A socket over a file descriptor, and reading a socket.)
        "43_net.js" => &[ChildProcess],
        // ECMA-402's Intl (shared with the browser host).
        "intl.js" => &[Intl],
        _ => &[],
    };
    for &group in groups {
        let bit = 1u16 << group as u16;
        if installed.get() & bit != 0 {
            continue;
        }
        installed.set(installed.get() | bit);
        match group {
            Crypto => crypto::install(ctx, host, shared)?,
            Zlib => zlib::install(ctx, host, shared)?,
            Http => http::install(ctx, host)?,
            Tls => tls::install(ctx, host, shared)?,
            Dns => {
                dns::install(ctx, host, shared)?;
                dns::install_resolver(ctx, host)?;
            }
            Udp => super::dgram::install(ctx, host, shared)?,
            Vm => super::vm::install(ctx, host)?,
            Url => crate::node::url::install(ctx, host)?,
            Encoding => crate::encoding::install(ctx, host)?,
            ChildProcess => super::child_process::install(ctx, host, shared)?,
            Intl => crate::intl::install(ctx, host)?,
        }
    }
    Ok(())
}

/// Traces the script's call stack (when tracing) before the record of what
/// a host function does for it (docs/trace.md, `call-stack`). The frames are
/// read before the loop is borrowed: reading them runs the glue's
/// prepareStackTrace.
pub(super) fn trace_call_stack(ctx: &Ctx<'_>, s: &Shared) {
    if !s.lp.borrow().tracer.enabled() {
        return;
    }
    if let Some(mut stack) = call_stack(ctx, s) {
        // On a module's first line, columns count the CommonJS wrapper too
        // (as in errors.rs).
        if let jsloop_core::trace::TraceEvent::CallStack { frames } = &mut stack {
            for f in frames.iter_mut().filter(|f| f.at.line == 1) {
                if f.at.column as usize > WRAPPER_PREFIX.len() {
                    f.at.column -= WRAPPER_PREFIX.len() as u32;
                }
            }
        }
        s.lp.borrow_mut().trace(stack);
    }
}

/// The call stack, its frames named with the receivers the glue noted
/// (`frameHints`, see [`crate::quickjs::call_stack`]).
fn call_stack(ctx: &Ctx<'_>, s: &Shared) -> Option<jsloop_core::trace::TraceEvent> {
    let glue = s.glue.borrow().clone().and_then(|g| g.restore(ctx).ok());
    let hints: Option<Object> = glue.and_then(|g| g.get("frameHints").ok());
    crate::quickjs::call_stack(ctx, hints.as_ref())
}

/// What process.exit() throws to end the running script: uncatchable (no
/// `catch` or `finally` of the script runs), as V8's termination of the
/// isolate is in Node (a worker's `try { process.exit() } catch {}` does not
/// go on).
fn throw_exit(ctx: &Ctx<'_>) -> rquickjs::Error {
    match rquickjs::Exception::from_message(ctx.clone(), "process.exit()") {
        Ok(e) => {
            let v = e.into_value();
            // SAFETY: `v` is a live error object of ctx.
            unsafe { rquickjs::qjs::JS_SetUncatchableError(ctx.as_raw().as_ptr(), v.as_raw()) };
            ctx.throw(v)
        }
        Err(e) => e,
    }
}
