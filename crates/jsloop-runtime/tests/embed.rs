//! Both hosts embedded in Rust and driven by hand: the virtual clock
//! advanced step by step, the trace read as data, host functions written in
//! Rust, tasks queued from other threads, and the API's errors.
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jsloop_core::trace::{CollectSink, TraceEvent, TraceRecord};
use jsloop_runtime::input::InputAction;
use jsloop_runtime::{ClockKind, Error, HostKind, LoopEnd, Output, Runtime, TaskSource};
use rquickjs::{Ctx, Value};

/// Output captured in memory: (stdout, stderr).
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>, Arc<Mutex<Vec<u8>>>);

struct Sink(Arc<Mutex<Vec<u8>>>);
impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn output(&self) -> Output {
        Output::new(Box::new(Sink(self.0.clone())), Box::new(Sink(self.1.clone())))
    }
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.1.lock().unwrap()).into_owned()
    }
    fn take(&self) -> String {
        let text = self.stdout();
        self.0.lock().unwrap().clear();
        text
    }
}

fn virtual_runtime(host: HostKind, out: &Captured) -> Runtime {
    Runtime::builder().host(host).clock(ClockKind::Virtual).output(out.output()).build().unwrap()
}

const TIMERS: &str = "
console.log('script');
Promise.resolve().then(() => console.log('microtask'));
setTimeout(() => console.log('timeout 0'), 0);
setTimeout(() => console.log('timeout 100'), 100);
setTimeout(() => console.log('timeout 250'), 250);
";

#[test]
fn the_browser_host_advances_step_by_step_under_the_virtual_clock() {
    let out = Captured::default();
    let mut rt = virtual_runtime(HostKind::Browser, &out);
    assert_eq!(rt.run_source("timers.js", TIMERS).unwrap(), LoopEnd::Paused);
    assert_eq!(out.take(), "script\nmicrotask\ntimeout 0\n");
    assert_eq!(rt.now(), Duration::ZERO);
    rt.advance(Duration::from_millis(99)).unwrap();
    assert_eq!(out.take(), "");
    assert_eq!(rt.now(), Duration::from_millis(99));
    rt.advance(Duration::from_millis(1)).unwrap();
    assert_eq!(out.take(), "timeout 100\n");
    assert_eq!(rt.advance(Duration::from_millis(1000)).unwrap(), LoopEnd::Finished);
    assert_eq!(out.take(), "timeout 250\n");
    assert_eq!(rt.now(), Duration::from_millis(1100));
    let outcome = rt.run_to_end().unwrap();
    assert_eq!(outcome.exit_code, 0);
}

#[test]
fn the_node_host_advances_step_by_step_and_emits_exit_at_the_end() {
    let out = Captured::default();
    let mut rt = virtual_runtime(HostKind::Node, &out);
    let script = format!("{TIMERS}\nprocess.nextTick(() => console.log('tick'));\nprocess.on('exit', (c) => console.log('exit', c));");
    // The main module runs with its nextTicks and microtasks; Node's 0 ms is 1 ms.
    rt.run_source("main.js", &script).unwrap();
    assert_eq!(out.take(), "script\ntick\nmicrotask\n");
    rt.advance(Duration::from_millis(1)).unwrap();
    assert_eq!(out.take(), "timeout 0\n");
    rt.advance(Duration::from_millis(150)).unwrap();
    assert_eq!(out.take(), "timeout 100\n");
    assert_eq!(rt.now(), Duration::from_millis(151));
    let outcome = rt.run_to_end().unwrap();
    assert_eq!(out.take(), "timeout 250\nexit 0\n");
    assert_eq!(outcome.exit_code, 0);
    assert_eq!(rt.exit_code(), Some(0));
}

#[test]
fn the_trace_is_data_an_embedder_can_read() {
    let records: Rc<RefCell<Vec<TraceRecord>>> = Rc::default();
    let mut rt = Runtime::builder()
        .host(HostKind::Browser)
        .clock(ClockKind::Virtual)
        .output(Captured::default().output())
        .trace(CollectSink(records.clone()))
        .build()
        .unwrap();
    rt.run_source("page.js", "setTimeout(() => {}, 40)").unwrap();
    let timer_started = records
        .borrow()
        .iter()
        .any(|r| matches!(&r.event, TraceEvent::TimerStart { requested_ms, .. } if *requested_ms == 40.0));
    assert!(timer_started, "the trace has the timer's start");
    let before = records.borrow().len();
    rt.advance(Duration::from_millis(40)).unwrap();
    let new: Vec<TraceRecord> = records.borrow()[before..].to_vec();
    let due = new.iter().find(|r| matches!(r.event, TraceEvent::TimerDue { .. })).expect("the timer fired");
    assert_eq!(due.at_ms, 40.0);
    assert!(new.iter().any(|r| matches!(&r.event, TraceEvent::TaskStart { source: TaskSource::Timer, .. })));
}

#[test]
fn a_host_function_written_in_rust_is_called_from_script() {
    for host in [HostKind::Browser, HostKind::Node] {
        let out = Captured::default();
        let calls = Rc::new(RefCell::new(Vec::new()));
        let seen = calls.clone();
        let mut rt = Runtime::builder()
            .host(host)
            .clock(ClockKind::Virtual)
            .output(out.output())
            .function("app.record", move |ctx: Ctx<'_>, args: Vec<Value<'_>>| {
                let text: String = args[0].get()?;
                seen.borrow_mut().push(text.clone());
                Ok(rquickjs::String::from_str(ctx, &text.to_uppercase())?.into_value())
            })
            .build()
            .unwrap();
        rt.run_source("main.js", "console.log(app.record('hello'), typeof app.record)").unwrap();
        rt.run_to_end().unwrap();
        assert_eq!(out.stdout(), "HELLO function\n", "{host:?}");
        assert_eq!(*calls.borrow(), ["hello"]);
    }
}

#[test]
fn an_async_host_function_settles_in_a_task_or_the_poll_phase() {
    let script = "
        lookup({ key: 'a' }, 2).then((v) => console.log('resolved', JSON.stringify(v)));
        lookup('fail').catch((e) => console.log('rejected', e.name, e.message));
        setTimeout(() => console.log('timeout'), 0);
        console.log('script end');
    ";
    let expected = [
        (
            HostKind::Browser,
            "script end\ntimeout\nresolved {\"got\":[{\"key\":\"a\"},2]}\nrejected Error no such key\n",
        ),
        // Node: the 1 ms timer is not due at time 0, so the first poll would
        // wait: under the virtual clock it collects both calls (they take no
        // virtual time), in the order they were made, before the clock moves.
        (
            HostKind::Node,
            "script end\nresolved {\"got\":[{\"key\":\"a\"},2]}\nrejected Error no such key\ntimeout\n",
        ),
    ];
    for (host, want) in expected {
        let out = Captured::default();
        let mut rt = Runtime::builder()
            .host(host)
            .clock(ClockKind::Virtual)
            .output(out.output())
            .async_function("lookup", |args| {
                if args[0] == "fail" {
                    // Make the failing call finish first: ticket order wins.
                    return Err("no such key".into());
                }
                std::thread::sleep(Duration::from_millis(30));
                Ok(serde_json::json!({ "got": args }))
            })
            .build()
            .unwrap();
        rt.run_source("main.js", script).unwrap();
        assert_eq!(rt.now(), Duration::ZERO, "{host:?}: the calls took no virtual time");
        let outcome = rt.run_to_end().unwrap();
        assert_eq!(out.stdout(), want, "{host:?}");
        assert_eq!(outcome.exit_code, 0);
    }
}

#[test]
fn a_task_queued_from_another_thread_runs_on_the_loop() {
    for host in [HostKind::Browser, HostKind::Node] {
        let out = Captured::default();
        let mut rt = Runtime::builder().host(host).output(out.output()).build().unwrap();
        rt.run_source("main.js", "globalThis.received = []").unwrap();
        let handle = rt.handle();
        let promised = handle.pending().unwrap();
        let thread = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            promised
                .complete(TaskSource::PostedMessage, "from a thread", |ctx| {
                    ctx.eval::<(), _>("received.push('from a thread'); console.log('got it')")
                })
                .unwrap();
        });
        // The promised task keeps the loop alive until it arrives (real clock).
        let outcome = rt.run_to_end().unwrap();
        thread.join().unwrap();
        assert_eq!(out.stdout(), "got it\n", "{host:?}");
        assert_eq!(outcome.exit_code, 0);
        assert!(handle.is_shut_down());
        assert_eq!(handle.queue_task(TaskSource::PostedMessage, "late", |_| Ok(())), Err(Error::ShutDown));
    }
}

#[test]
fn user_input_fed_from_rust_is_a_task_and_paints_come_back_in_the_trace() {
    let records: Rc<RefCell<Vec<TraceRecord>>> = Rc::default();
    let out = Captured::default();
    let mut rt = Runtime::builder()
        .host(HostKind::Browser)
        .clock(ClockKind::Virtual)
        .output(out.output())
        .trace(CollectSink(records.clone()))
        .build()
        .unwrap();
    let page = r#"<!doctype html><body><button id="b">go</button><p id="p">0</p><script>
        let n = 0;
        document.getElementById('b').addEventListener('click', () => {
          Promise.resolve().then(() => console.log('microtask'));
          console.log('listener 1');
          document.getElementById('p').textContent = String(++n);
        });
        document.getElementById('b').addEventListener('click', () => console.log('listener 2'));
    </script></body>"#;
    rt.run_source("page.html", page).unwrap();
    rt.user_input(InputAction { at_ms: 100.0, kind: "click".into(), target: "#b".into(), detail: None })
        .unwrap();
    rt.advance(Duration::from_millis(200)).unwrap();
    // Real input: a microtask checkpoint after each listener.
    assert_eq!(out.take(), "listener 1\nmicrotask\nlistener 2\n");
    let paints: Vec<(f64, Vec<String>)> = records
        .borrow()
        .iter()
        .filter_map(|r| match &r.event {
            TraceEvent::Paint { changes, .. } => Some((r.at_ms, changes.clone())),
            _ => None,
        })
        .collect();
    let after_click: Vec<_> = paints.iter().filter(|(at, _)| *at >= 100.0).collect();
    assert_eq!(after_click.len(), 1, "one paint after the click: {paints:?}");
    assert!(after_click[0].1.iter().any(|c| c.contains('1')), "the paint shows the new text: {paints:?}");
}

#[test]
fn bad_use_gets_a_clear_error() {
    // The same host function name twice.
    let twice = Runtime::builder()
        .function("f", |ctx: Ctx<'_>, _| Ok(Value::new_undefined(ctx)))
        .function("f", |ctx: Ctx<'_>, _| Ok(Value::new_undefined(ctx)))
        .build();
    assert_eq!(twice.err(), Some(Error::DuplicateFunction("f".into())));
    let bad_name =
        Runtime::builder().function("not a name", |ctx: Ctx<'_>, _| Ok(Value::new_undefined(ctx))).build();
    assert_eq!(bad_name.err(), Some(Error::InvalidFunctionName("not a name".into())));

    // advance() under the real clock.
    let mut real =
        Runtime::builder().host(HostKind::Browser).output(Captured::default().output()).build().unwrap();
    assert_eq!(real.advance(Duration::from_millis(1)), Err(Error::NotVirtual));

    // A syntax error: FILE:LINE:COLUMN, returned and written to stderr.
    let out = Captured::default();
    let mut rt = virtual_runtime(HostKind::Browser, &out);
    match rt.run_source("broken.js", "let x = 1;\nlet = ;") {
        Err(Error::Load { message, exit_code: 1 }) => {
            assert!(message.starts_with("broken.js:2:"), "{message}");
            assert!(message.contains("SyntaxError"), "{message}");
        }
        other => panic!("expected a load error, got {other:?}"),
    }
    assert!(out.stderr().starts_with("broken.js:2:"));

    // Calling into a runtime after it has shut down.
    rt.run_to_end().unwrap();
    assert_eq!(rt.run_until_idle(), Err(Error::ShutDown));
    assert_eq!(rt.run_source("again.js", "1"), Err(Error::ShutDown));
    assert_eq!(rt.shutdown(), Err(Error::ShutDown));

    // process.exit() shuts the node runtime down.
    let out = Captured::default();
    let mut node = virtual_runtime(HostKind::Node, &out);
    node.run_source("main.js", "setTimeout(() => process.exit(3), 10)").unwrap();
    assert_eq!(node.advance(Duration::from_millis(20)), Ok(LoopEnd::Stopped));
    assert_eq!(node.exit_code(), Some(3));
    assert_eq!(node.run_until_idle(), Err(Error::ShutDown));

    // User input needs the browser host.
    let mut node = virtual_runtime(HostKind::Node, &Captured::default());
    let click = InputAction { at_ms: 0.0, kind: "click".into(), target: "#b".into(), detail: None };
    assert_eq!(node.user_input(click), Err(Error::WrongHost { needs: HostKind::Browser }));
}

#[test]
fn a_host_function_that_panics_is_an_exception_and_the_loop_goes_on() {
    for host in [HostKind::Browser, HostKind::Node] {
        let out = Captured::default();
        let mut rt = Runtime::builder()
            .host(host)
            .clock(ClockKind::Virtual)
            .output(out.output())
            .function("explode", |_ctx: Ctx<'_>, _| -> rquickjs::Result<Value<'_>> { panic!("boom") })
            .build()
            .unwrap();
        rt.run_source(
            "main.js",
            "try { explode() } catch (e) { console.log('caught', e.message) }\nsetTimeout(() => console.log('still running'), 5)",
        )
        .unwrap();
        let outcome = rt.run_to_end().unwrap();
        assert_eq!(out.stdout(), "caught host function explode panicked: boom\nstill running\n", "{host:?}");
        assert_eq!(outcome.exit_code, 0);
    }
}

#[test]
fn a_module_written_in_rust_is_required_imported_or_a_browser_global() {
    let units = |m: jsloop_runtime::ModuleBuilder| {
        m.function("toCelsius", |ctx: Ctx<'_>, args: Vec<Value<'_>>| {
            let f = args.first().and_then(|v| v.as_number()).unwrap_or(0.0);
            Ok(Value::new_number(ctx, (f - 32.0) * 5.0 / 9.0))
        })
        .async_function("lookup", |args| Ok(serde_json::json!(format!("found {}", args[0]))))
    };
    let cases = [
        (HostKind::Node, "main.js", "const u = require('units');\nconsole.log(u.toCelsius(212), typeof globalThis.units);\nu.lookup('x').then(console.log);"),
        (HostKind::Node, "main.mjs", "import { toCelsius, lookup } from 'units';\nconsole.log(toCelsius(212));\nconsole.log(await lookup(1));"),
        (HostKind::Browser, "page.js", "console.log(units.toCelsius(212));\nunits.lookup(true).then(console.log);"),
    ];
    let expected = ["100 undefined\nfound \"x\"\n", "100\nfound 1\n", "100\nfound true\n"];
    for ((host, name, source), want) in cases.into_iter().zip(expected) {
        let out = Captured::default();
        let mut rt = Runtime::builder()
            .host(host)
            .clock(ClockKind::Virtual)
            .output(out.output())
            .module("units", units)
            .build()
            .unwrap();
        rt.run_source(name, source).unwrap();
        rt.run_to_end().unwrap();
        assert_eq!(out.stdout(), want, "{host:?} {name}");
    }
    let twice = Runtime::builder().module("m", |m| m).module("m", |m| m).build();
    assert_eq!(twice.err(), Some(Error::DuplicateFunction("m".into())));
}
