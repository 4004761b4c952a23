//! The window's (or a worker global's) host functions, which the browser
//! glue (`src/js/00_console.js` … `30_page.js`) calls: `install_globals`.
use std::cell::Cell;
use std::rc::Rc;

use jsloop_core::clock::{millis, ClockKind};
use jsloop_core::microtask::invoke_callback;
use jsloop_core::task::TaskSource;
use jsloop_core::trace::TraceEvent;
use rquickjs::function::Opt;
use rquickjs::{Array, Ctx, Function, Object, Persistent, Value};

use super::{Glue, JsHost, JsSteps, Shared};
use crate::quickjs::{compile_classic_script, parse_origin, run_compiled, serializer, throw_error};

pub(super) fn install_globals<'js>(
    ctx: &Ctx<'js>,
    shared: &Rc<Shared>,
    tracing: bool,
    dog: &crate::limits::Watchdog,
) -> rquickjs::Result<()> {
    let host = Object::new(ctx.clone())?;
    // Workers: the first one makes this page's loop one of a world of loops
    // (under the virtual clock, reading the world's shared time).
    let join_world: Rc<dyn Fn(&jsloop_core::world::World)> = {
        let lp = shared.lp.clone();
        let dog = dog.clone();
        Rc::new(move |world| {
            if world.clock_kind() == ClockKind::Virtual {
                world.set_virtual_now(lp.borrow().now());
                let clock = crate::limits::WatchedClock::new(Box::new(world.virtual_clock()), dog.clone());
                lp.borrow_mut().set_clock(Box::new(clock));
            }
            let member = world.join("page", lp.borrow().remote_sender());
            lp.borrow_mut().join_world(member);
        })
    };
    let on_close: Rc<dyn Fn()> = {
        let lp = shared.lp.clone();
        Rc::new(move || lp.borrow_mut().set_closing())
    };
    let sender = shared.lp.borrow().remote_sender();
    crate::browser::workers::install(ctx, &host, &shared.family, sender.clone(), on_close, join_world)?;
    // An iframe's window: the ports it makes reachable from other threads
    // are noted, so that their messages come to it, not to the page's window.
    if let Some(index) = shared.agent.index_of(shared) {
        let agent = Rc::downgrade(&shared.agent);
        let note: Rc<dyn Fn(u64)> = Rc::new(move |port| {
            if let Some(agent) = agent.upgrade() {
                agent.note_port(port, index);
            }
        });
        crate::threads::install_ports_noting(ctx, &host, &sender, Some(note))?;
    }
    crate::browser::broadcast::install(ctx, &host, shared)?;
    crate::browser::locks::install(ctx, &host, shared)?;
    let time_origin = shared.lp.borrow().clock().time_origin_unix_ms();
    host.set("timeOrigin", time_origin)?;
    host.set("tracing", tracing)?;
    host.set("scriptName", shared.script_name.clone())?;
    // The document's URL (a worker's: its script's), as `location` says.
    let url = shared.document_url.clone().unwrap_or_else(|| {
        crate::browser::workers::url_of(
            std::path::Path::new(&shared.script_name),
            shared.family.root.as_deref(),
        )
    });
    host.set("documentURL", url.clone())?;
    // https://encoding.spec.whatwg.org/#utf-8-decode (U+FFFD for each
    // maximal invalid subpart, as the Encoding Standard says).
    host.set(
        "decodeUtf8",
        Function::new(ctx.clone(), |bytes: rquickjs::ArrayBuffer<'js>| -> String {
            // SAFETY: the bytes are decoded at once; no JavaScript runs while
            // they are borrowed, so the buffer cannot be detached meanwhile.
            let bytes = unsafe { bytes.as_bytes() }.unwrap_or_default();
            let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            String::from_utf8_lossy(bytes).into_owned()
        })?,
    )?;
    host.set("served", shared.family.root.is_some())?;
    let s = shared.clone();
    host.set(
        "scriptURL",
        Function::new(ctx.clone(), move |src: String| -> String {
            let root = s.family.root.as_deref();
            crate::browser::workers::url_of(&crate::browser::workers::locate(&s.base_dir, root, &src), root)
        })?,
    )?;
    host.set("workerURL", shared.family.scope.as_ref().map(|s| s.href.clone()).unwrap_or(url))?;
    host.set(
        "cwd",
        Function::new(ctx.clone(), || {
            std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_default()
        })?,
    )?;

    let s = shared.clone();
    host.set(
        "print",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, stream: i32, text: String| {
            if s.lp.borrow().tracer.enabled() {
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().trace(crate::output::line_event(stream, &text));
            }
            s.out.borrow_mut().line(stream, &text)
        })?,
    )?;
    // A note in the trace from the glue (what the loop cannot see, such as
    // an event dispatched synchronously by script), for `explain`.
    let s = shared.clone();
    host.set(
        "traceNote",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, text: String| {
            if s.lp.borrow().tracer.enabled() {
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().trace(TraceEvent::Note { text });
            }
        })?,
    )?;
    // host.now, host.invoke1 and host.portPost: raw C functions (hot.rs).
    super::hot::attach(ctx, shared);
    super::hot::install(ctx, &host)?;
    super::timers::install(ctx, &host)?;
    // host.finishInterfaces, host.defineAccessors and
    // host.defineStyleAttributes: raw C functions the glue calls at start-up.
    super::startup::install(ctx, &host)?;
    let s = shared.clone();
    host.set(
        "dateNow",
        Function::new(ctx.clone(), move || {
            let now = crate::browser::clock_reads::script_now(&s.lp);
            (s.lp.borrow().clock().time_origin_unix_ms() + millis(now)).floor()
        })?,
    )?;

    let s = shared.clone();
    host.set(
        "setTimer",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  handler: Value<'js>,
                  timeout: i32,
                  repeat: bool,
                  args: Array<'js>,
                  origin: Option<String>| {
                let steps = match handler.as_function() {
                    Some(f) => JsSteps::Callback {
                        func: Persistent::save(&ctx, f.clone()),
                        args: Rc::new(
                            args.iter::<Value>()
                                .filter_map(|a| a.ok())
                                .map(|a| Persistent::save(&ctx, a))
                                .collect(),
                        ),
                    },
                    None => JsSteps::Source {
                        source: handler
                            .get::<rquickjs::Coerced<String>>()
                            .map(|c| c.0)
                            .unwrap_or_default()
                            .into(),
                    },
                };
                let origin = origin.as_deref().and_then(parse_origin);
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().timer_initialization_steps(steps, timeout, repeat, None, origin)
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "clearTimer",
        Function::new(ctx.clone(), move |id: i32| {
            if id > 0 {
                s.lp.borrow_mut().clear_timer(id as u32)
            }
        })?,
    )?;
    super::ports::install_port_functions(ctx, &host, shared)?;
    super::scheduler::install_scheduler_functions(ctx, &host, shared)?;
    // "Run steps after a timeout" whose steps queue a task on `source`
    // (AbortSignal.timeout): no timer of the map of active timers, so no
    // timer ID and no timer nesting level.
    let s = shared.clone();
    host.set(
        "queueTaskAfter",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, source: String, label: String, ms: f64, f: Function<'js>| {
                let source =
                    TaskSource::ALL.into_iter().find(|t| t.name() == source).unwrap_or(TaskSource::Timer);
                let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
                let mut l = s.lp.borrow_mut();
                let at = l.now() + std::time::Duration::from_secs_f64(ms / 1000.0);
                l.queue_task_at(at, source, label, JsSteps::Glue { func: Persistent::save(&ctx, f) });
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "queueTask",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, source: String, label: String, f: Function<'js>, origin: Option<String>| {
                let source = TaskSource::ALL
                    .into_iter()
                    .find(|t| t.name() == source)
                    .unwrap_or(TaskSource::DomManipulation);
                let origin = origin.as_deref().and_then(parse_origin);
                // HostPromiseRejectionTracker's operations since the last
                // checkpoint take effect first: a "handle" operation queues
                // its rejectionhandled task when it happens
                // (https://html.spec.whatwg.org/multipage/webappapis.html#the-hostpromiserejectiontracker-implementation
                // Step 5.4), so before a task queued after it.
                track_rejections(&ctx, &s);
                trace_call_stack(&ctx, &s);
                s.lp.borrow_mut().queue_task(
                    source,
                    label,
                    origin,
                    JsSteps::Glue { func: Persistent::save(&ctx, f) },
                );
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "invoke",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, f: Function<'js>, this: Value<'js>, args: Array<'js>| {
                let host = JsHost { ctx, shared: s.clone() };
                let args: Vec<Value> = args.iter::<Value>().filter_map(|a| a.ok()).collect();
                host.invoke(&f, this, args)
            },
        )?,
    )?;
    // (invoke with one argument, an event, is hot.rs's invoke1.)
    // An uncaught exception's report (and, below, a warning): a line on
    // stderr that makes the run's exit status non-zero.
    let s = shared.clone();
    let report_error = Function::new(ctx.clone(), move |text: String| {
        s.had_error.set(true);
        s.out.borrow_mut().err(&text);
    })?;
    host.set("uncaught", report_error.clone())?;
    let s = shared.clone();
    host.set(
        "traceMicrotask",
        Function::new(ctx.clone(), move |kind: String, origin: Option<String>| {
            let origin = origin.as_deref().and_then(parse_origin);
            s.lp.borrow_mut().trace(TraceEvent::MicrotaskSource { kind, origin });
        })?,
    )?;

    let s = shared.clone();
    host.set(
        "requestAnimationFrame",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| {
            let steps = JsSteps::Callback { func: Persistent::save(&ctx, f), args: Rc::new(Vec::new()) };
            s.lp.borrow_mut().request_animation_frame(steps)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "cancelAnimationFrame",
        Function::new(ctx.clone(), move |h: u32| s.lp.borrow_mut().cancel_animation_frame(h))?,
    )?;
    let s = shared.clone();
    host.set(
        "requestIdleCallback",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>, timeout: Option<f64>| {
            let steps = JsSteps::Callback { func: Persistent::save(&ctx, f), args: Rc::new(Vec::new()) };
            s.lp.borrow_mut().request_idle_callback(steps, timeout)
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "cancelIdleCallback",
        Function::new(ctx.clone(), move |h: u32| s.lp.borrow_mut().cancel_idle_callback(h))?,
    )?;
    let s = shared.clone();
    host.set(
        "idleDeadline",
        Function::new(ctx.clone(), move || {
            let deadline = s.lp.borrow().compute_deadline(s.rendering_dirty.get() || s.animating.get());
            millis(crate::browser::clock_reads::script_time(&s.lp, deadline))
        })?,
    )?;
    let s = shared.clone();
    host.set("renderingChanged", Function::new(ctx.clone(), move || s.rendering_dirty.set(true))?)?;
    let s = shared.clone();
    host.set("observersInUse", Function::new(ctx.clone(), move || s.observers_in_use.set(true))?)?;
    let s = shared.clone();
    host.set("styleInUse", Function::new(ctx.clone(), move || s.style_in_use.set(true))?)?;
    let s = shared.clone();
    host.set("setAnimating", Function::new(ctx.clone(), move |on: bool| s.animating.set(on))?)?;
    host.set(
        "parseHTML",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, markup: String, fragment: bool, context: rquickjs::function::Opt<String>| {
                crate::browser::parser::parse(&ctx, &markup, fragment, context.0.as_deref())
            },
        )?,
    )?;
    host.set("warn", report_error)?;
    let s = shared.clone();
    host.set(
        "readScript",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, src: String| -> rquickjs::Result<String> {
            // A data: URL carries the script itself (the Fetch Standard's
            // data: URL processor; the body decoded as UTF-8).
            if src.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:")) {
                return match crate::browser::url::data_url_body(&src) {
                    Some(body) => Ok(String::from_utf8_lossy(&body).into_owned()),
                    None => Err(throw_error(&ctx, &format!("{src}: not a valid data: URL"))),
                };
            }
            let path = crate::browser::workers::locate(&s.base_dir, s.family.root.as_deref(), &src);
            // (Decoded as UTF-8, the page's encoding: an invalid byte
            // sequence is U+FFFD, as the Encoding Standard's decoder says.)
            match std::fs::read(&path).map(|b| String::from_utf8_lossy(&b).into_owned()) {
                Ok(text) => Ok(text),
                Err(e) => {
                    let (code, description) = crate::sys::errno_name(e.raw_os_error().unwrap_or(0), e.kind());
                    Err(throw_error(&ctx, &format!("{}: {code}: {description}", path.display())))
                }
            }
        })?,
    )?;
    // https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag
    // "If the active speculative HTML parser is null and the JavaScript
    // execution context stack is empty, then perform a microtask checkpoint":
    // the parser's (30_page.js) before each script it runs. The clean-up
    // after running script (with nothing run) is that step: a checkpoint
    // when no callback or script of the loop is on the stack.
    let s = shared.clone();
    host.set(
        "parserMicrotaskCheckpoint",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
            let lp = s.lp.clone();
            invoke_callback(&lp, &host, || ());
        })?,
    )?;
    let s = shared.clone();
    host.set(
        "runScript",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, source: String, name: String, line: u32, column: u32| {
                let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
                // Padding puts the script's text where it is in the page, so
                // errors report the page's lines and columns.
                let padded = format!(
                    "{}{}{source}",
                    "\n".repeat(line.saturating_sub(1) as usize),
                    " ".repeat(column.saturating_sub(1) as usize)
                );
                let lp = s.lp.clone();
                invoke_callback(&lp, &host, || match compile_classic_script(&ctx, &padded, &name) {
                    Ok(script) => {
                        if run_compiled(&ctx, &script).is_err() {
                            host.report_caught();
                        }
                    }
                    Err(_) => host.report_caught(),
                });
            },
        )?,
    )?;
    let s = shared.clone();
    let modules = Cell::new(0u32);
    host.set(
        "runModule",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  source: String,
                  name: String,
                  line: u32,
                  column: u32,
                  from_src: Opt<bool>| {
                let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
                // A module's imports are relative to it: `src=` is relative to the page.
                let name = if from_src.0.unwrap_or(false) {
                    crate::browser::workers::locate(&s.base_dir, s.family.root.as_deref(), &name)
                        .display()
                        .to_string()
                } else {
                    name
                };
                // Padding puts an inline module's text where it is in the
                // page; each module needs a name of its own.
                let padded = format!(
                    "{}{}{source}",
                    "\n".repeat(line.saturating_sub(1) as usize),
                    " ".repeat(column.saturating_sub(1) as usize)
                );
                modules.set(modules.get() + 1);
                let name = if modules.get() == 1 { name } else { format!("{name}#module-{}", modules.get()) };
                let lp = s.lp.clone();
                invoke_callback(&lp, &host, || host.evaluate_module(&name, padded));
            },
        )?,
    )?;
    let s = shared.clone();
    host.set(
        "runMain",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            let Some(script) = s.main.borrow_mut().take() else { return };
            let Ok(script) = script.restore(&ctx) else { return };
            let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
            let lp = s.lp.clone();
            invoke_callback(&lp, &host, || {
                if run_compiled(&ctx, &script).is_err() {
                    host.report_caught();
                }
            });
        })?,
    )?;

    // Compiles and runs a classic script named `name` and returns its
    // completion value (an event handler attribute's function, made with its
    // scope: errors and stacks in it name the document's URL, as the HTML
    // Standard's "getting the current value of the event handler" step 1
    // says: the location where the attribute was set). An exception goes
    // to the caller.
    host.set(
        "evaluateScript",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, source: String, name: String, line: u32| {
            let padded = format!("{}{source}", "\n".repeat(line.saturating_sub(1) as usize));
            let script = compile_classic_script(&ctx, &padded, &name)?;
            run_compiled(&ctx, &script)
        })?,
    )?;
    crate::browser::frames::install(ctx, &host, shared, dog)?;
    crate::browser::fetch::install(ctx, &host, shared)?;
    // A line of a script (or page), for the engine's error messages
    // (00_console.js names the callee of `x.foo is not a function`).
    host.set(
        "sourceLine",
        Function::new(ctx.clone(), |file: String, line: u32| crate::quickjs::source_line(&file, line, ""))?,
    )?;
    let global = ctx.globals();
    // Glue that loads other glue when first needed (00_console.js's error
    // messages, the built-in modules), with the host functions only that
    // glue calls (intl.js's, shared with the node host).
    host.set(
        "glue",
        crate::quickjs::glue::loader_with(ctx, |ctx, host, file| match file {
            "intl.js" => crate::intl::install(ctx, host),
            _ => Ok(()),
        })?,
    )?;
    let console_init: Function = crate::quickjs::glue::eval(ctx, "00_console.js")?;
    let engine: Object = console_init.call((host.clone(), global.clone()))?;
    // The console (01_console.js), globalThis.console.
    let text_console_init: Function = crate::quickjs::glue::eval(ctx, "01_console.js")?;
    let con: Object = text_console_init.call((host.clone(), global.clone(), engine, true))?;
    let browser_init: Function = crate::quickjs::glue::eval(ctx, "10_browser.js")?;
    let web: Object = browser_init.call((host.clone(), global.clone(), con.clone()))?;
    let serializer =
        serializer(ctx, global.get::<_, Value>("DOMException")?, con.get::<_, Value>("inspect")?)?;
    web.get::<_, Function>("connectSerializer")?.call::<_, ()>((serializer.clone(),))?;
    let file_init: Function = crate::quickjs::glue::eval(ctx, "12_file.js")?;
    let file: Object = file_init.call((host.clone(), global.clone(), web.clone()))?;
    file.get::<_, Function>("connectSerializer")?.call::<_, ()>((serializer.clone(),))?;
    web.get::<_, Function>("setBlobHooks")?.call::<_, ()>((file.get::<_, Value>("blobHooks")?,))?;
    crate::browser::url::install(ctx, &host)?;
    let url_init: Function = crate::quickjs::glue::eval(ctx, "13_url.js")?;
    url_init.call::<_, ()>((
        host.clone(),
        global.clone(),
        web.clone(),
        file.get::<_, Value>("blobHooks")?,
    ))?;
    // The Streams Standard's classes: the shared glue (streams.js), wired by
    // 19_streams.js (before 14_fetch.js: a Response's body is a stream).
    let streams_init: Function = crate::quickjs::glue::eval(ctx, "19_streams.js")?;
    let streams_factory: Function = crate::quickjs::glue::eval(ctx, "streams.js")?;
    streams_init.call::<_, ()>((global.clone(), streams_factory, web.clone()))?;
    let fetch_init: Function = crate::quickjs::glue::eval(ctx, "14_fetch.js")?;
    fetch_init.call::<_, ()>((
        host.clone(),
        global.clone(),
        web.clone(),
        file.get::<_, Value>("blobHooks")?,
    ))?;
    let performance_init: Function = crate::quickjs::glue::eval(ctx, "16_performance.js")?;
    performance_init.call::<_, ()>((host.clone(), global.clone(), web.clone()))?;
    // scheduler.postTask and scheduler.yield (browser/scheduler.rs).
    let scheduler_init: Function = crate::quickjs::glue::eval(ctx, "24_scheduler.js")?;
    scheduler_init.call::<_, ()>((host.clone(), global.clone(), web.clone()))?;
    // localStorage and sessionStorage (a window's, in memory).
    let storage_init: Function = crate::quickjs::glue::eval(ctx, "25_storage.js")?;
    storage_init.call::<_, ()>((host.clone(), global.clone(), web.clone()))?;
    // The Web Cryptography API: the shared host functions (crypto/bind.rs)
    // and glue (webcrypto.js), wired by 17_webcrypto.js.
    let crypto = Object::new(ctx.clone())?;
    crate::crypto::bind::install(ctx, &crypto)?;
    host.set("crypto", crypto)?;
    let webcrypto_init: Function = crate::quickjs::glue::eval(ctx, "17_webcrypto.js")?;
    let webcrypto_factory: Function = crate::quickjs::glue::eval(ctx, "webcrypto.js")?;
    webcrypto_init.call::<_, ()>((host.clone(), global.clone(), webcrypto_factory))?;
    // TextEncoder and TextDecoder: the shared host functions (encoding.rs)
    // and glue (encoding.js), wired by 18_encoding.js.
    let encoding = Object::new(ctx.clone())?;
    crate::encoding::install(ctx, &encoding)?;
    let encoding_init: Function = crate::quickjs::glue::eval(ctx, "18_encoding.js")?;
    let encoding_factory: Function = crate::quickjs::glue::eval(ctx, "encoding.js")?;
    encoding_init.call::<_, ()>((encoding, global.clone(), encoding_factory))?;
    // CompressionStream and DecompressionStream: the shared coders
    // (compression.rs), wired by 23_compression.js (after 19_streams.js's
    // TransformStream).
    let compression = Object::new(ctx.clone())?;
    crate::compression::install(ctx, &compression)?;
    let compression_init: Function = crate::quickjs::glue::eval(ctx, "23_compression.js")?;
    compression_init.call::<_, ()>((compression, global.clone()))?;
    let workers_init: Function = crate::quickjs::glue::eval(ctx, "15_workers.js")?;
    let workers: Object =
        workers_init.call((host.clone(), global.clone(), con.clone(), web.clone(), serializer))?;
    let mut glue = Glue {
        frame_hints: web.get::<_, Option<Object>>("frameHints")?.map(|o| Persistent::save(ctx, o)),
        report_exception: Persistent::save(ctx, web.get::<_, Function>("reportException")?),
        process_rejections: Persistent::save(ctx, web.get::<_, Function>("processRejections")?),
        fire_port_message: Persistent::save(ctx, web.get::<_, Function>("firePortMessage")?),
        load_page: None,
        make_idle_deadline: None,
        dispatch_input: None,
        take_rendering_changes: None,
        observers: None,
        css: None,
        workers: Persistent::save(ctx, workers),
        frame: None,
    };
    let image_host = host.clone();
    // A worker has no document.
    if shared.family.scope.is_none() {
        let dom_init: Function = crate::quickjs::glue::eval(ctx, "20_dom.js")?;
        let dom: Object = dom_init.call((host.clone(), global.clone(), con.clone(), web.clone()))?;
        let range_init: Function = crate::quickjs::glue::eval(ctx, "21_range.js")?;
        range_init.call::<_, ()>((global.clone(), web.clone(), dom.get::<_, Value>("rangeSupport")?))?;
        // Geometry, the viewport, ResizeObserver and IntersectionObserver.
        let observers_init: Function = crate::quickjs::glue::eval(ctx, "26_observers.js")?;
        let observers: Object = observers_init.call((host.clone(), global.clone(), web.clone()))?;
        glue.observers = Some(Persistent::save(ctx, observers));
        // CSSOM style sheets, getComputedStyle, CSS animations and transitions.
        let css_init: Function = crate::quickjs::glue::eval(ctx, "27_css.js")?;
        let css: Object =
            css_init.call((host.clone(), global.clone(), web.clone(), dom.get::<_, Value>("cssSupport")?))?;
        glue.css = Some(Persistent::save(ctx, css));
        let page_init: Function = crate::quickjs::glue::eval(ctx, "30_page.js")?;
        let page: Object = page_init.call((host, global, con, web.clone(), dom.clone()))?;
        let saved = |name: &str| -> rquickjs::Result<Option<Persistent<Function<'static>>>> {
            Ok(page.get::<_, Option<Function>>(name)?.map(|f| Persistent::save(ctx, f)))
        };
        glue.load_page = saved("loadPage")?;
        glue.make_idle_deadline = saved("makeIdleDeadline")?;
        glue.dispatch_input = saved("dispatchInput")?;
        glue.take_rendering_changes = saved("takePaintChanges")?;
        glue.frame = page.get::<_, Option<Object>>("frame")?.map(|f| Persistent::save(ctx, f));
    }
    let image_init: Function = crate::quickjs::glue::eval(ctx, "22_image.js")?;
    image_init.call::<_, ()>((image_host, ctx.globals(), web.clone(), file.get::<_, Value>("blobHooks")?))?;
    web.get::<_, Function>("finishInterfaces")?.call::<_, ()>(())?;
    *shared.glue.borrow_mut() = Some(glue);
    Ok(())
}

/// Traces the script's call stack (when tracing) before the record of what
/// a host function does for it (docs/trace.md, `call-stack`).
pub(super) fn trace_call_stack(ctx: &Ctx<'_>, s: &Shared) {
    if !s.lp.borrow().tracer.enabled() {
        return;
    }
    let hints =
        s.glue.borrow().as_ref().and_then(|g| g.frame_hints.clone()).and_then(|h| h.restore(ctx).ok());
    if let Some(event) = crate::quickjs::call_stack(ctx, hints.as_ref()) {
        s.lp.borrow_mut().trace(event);
    }
}

/// Hands the rejection tracker's operations collected since the last
/// microtask checkpoint to the glue (`processRejections(events, false)`:
/// the operations only; "notify about rejected promises" stays at the
/// checkpoint).
pub(super) fn track_rejections<'js>(ctx: &Ctx<'js>, shared: &Rc<Shared>) {
    let events: Vec<_> = shared.rejections.borrow_mut().drain(..).collect();
    if events.is_empty() {
        return;
    }
    let Some(list) = crate::quickjs::rejection_events(ctx, events) else { return };
    shared.rejections_tracked.set(true);
    let f = shared.glue.borrow().as_ref().map(|g| g.process_rejections.clone());
    if let Some(Ok(f)) = f.map(|f| f.restore(ctx)) {
        let _ = f.call::<_, ()>((list, false));
    }
}
