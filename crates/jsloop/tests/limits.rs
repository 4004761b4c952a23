//! Limits and isolation: --timeout, Ctrl-C, --max-heap, --max-stack, output
//! kept on every exit path, and what the browser host's global object offers.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn script(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jsloop-limits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.js"));
    std::fs::write(&path, source).unwrap();
    path
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jsloop")).args(args).current_dir(root()).output().unwrap()
}

fn first_line(b: &[u8]) -> String {
    String::from_utf8_lossy(b).lines().next().unwrap_or("").to_string()
}

#[test]
fn timeout_stops_an_infinite_loop_in_a_timer_task() {
    let p = script("spin", "console.log('before');\nsetTimeout(() => { while (true) {} }, 10);\n");
    // (2 s: a loaded machine can take more than a few hundred milliseconds
    // to start a debug build, and a stop while starting prints nothing.)
    let out = run(&["run", p.to_str().unwrap(), "--host", "browser", "--timeout", "2000"]);
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "before\n");
    // The task's number depends on the real clock: on a loaded machine the
    // timer can be due before the page's DOMContentLoaded and load tasks.
    let line = first_line(&out.stderr);
    assert!(
        line.starts_with("jsloop: --timeout 2000ms reached while running task ")
            && line.ends_with(" [timer] timer #1 setTimeout(10ms, nesting 1)"),
        "{line}"
    );
    let out = run(&["run", p.to_str().unwrap(), "--host", "node", "--timeout", "2000"]);
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(
        first_line(&out.stderr),
        "jsloop: --timeout 2000ms reached while running timer #1's callback in the timers phase"
    );
}

#[test]
fn timeout_stops_the_main_script_and_a_loop_that_never_ends() {
    let p = script("top", "while (true) {}\n");
    let out = run(&["run", p.to_str().unwrap(), "--host", "node", "--timeout", "200"]);
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(first_line(&out.stderr), "jsloop: --timeout 200ms reached while running the main module");
    let p = script("interval", "setInterval(() => {}, 1000);\n");
    // 2 s, not 200 ms: a page's start-up must be over when the time is up,
    // and on a loaded machine it can take longer than 200 ms.
    let out = run(&["run", p.to_str().unwrap(), "--host", "browser", "--timeout", "2000"]);
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(first_line(&out.stderr), "jsloop: --timeout 2000ms reached while waiting for the next task");
}

#[test]
fn ctrl_c_interrupts_a_running_script_and_keeps_what_was_printed() {
    let p = script("sigint", "console.log('printed before');\nsetTimeout(() => { while (true) {} }, 10);\n");
    let dir = p.parent().unwrap().to_path_buf();
    let stdout = std::fs::File::create(dir.join("out.txt")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_jsloop"))
        .args(["run", p.to_str().unwrap(), "--host", "browser"])
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Long enough for the script to be spinning in its timer task (stdout
    // goes to a file, so it is only flushed at the end: nothing to poll).
    std::thread::sleep(std::time::Duration::from_millis(800));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        first_line(&out.stderr),
        "jsloop: interrupted (SIGINT) while running task 4 [timer] timer #1 setTimeout(10ms, nesting 1)"
    );
    assert_eq!(std::fs::read_to_string(dir.join("out.txt")).unwrap(), "printed before\n");
}

#[test]
fn deep_recursion_and_a_full_heap_are_errors_the_script_can_catch() {
    let p = script(
        "limits",
        "function f(n) { return f(n + 1) + 1; }\ntry { f(0); } catch (e) { console.log('stack:', e.name, e.message); }\nconst big = [];\ntry { for (;;) big.push(new Array(1e6).fill(1)); } catch (e) { console.log('heap:', e.name, e.message); }\nbig.length = 0;\nconsole.log('still running');\n",
    );
    for host in ["browser", "node"] {
        let out =
            run(&["run", p.to_str().unwrap(), "--host", host, "--max-heap", "64", "--max-stack", "256"]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "stack: RangeError Maximum call stack size exceeded\nheap: InternalError out of memory\nstill running\n",
            "{host}"
        );
        assert_eq!(out.status.code(), Some(0), "{host}");
    }
}

/// Without `--max-stack`, script recurses as deep as it does in Node 24: each
/// depth is one Node 24 reached with that shape of call in each of three
/// runs (a search to the RangeError: 9,666-12,499 calls of a function of one
/// argument, 7,395-7,811 of three, 8,958-9,374 of a method; V8's depth
/// varies with its tiers). QuickJS's own default stopped each near 1,500. Unbounded recursion is still a
/// RangeError the script catches, on the main thread and in a worker.
#[test]
fn recursion_as_deep_as_node_s_needs_no_flag() {
    let p = script(
        "deep",
        "function plain(n) { return n === 0 ? 0 : 1 + plain(n - 1); }\n\
         function args(a, b, c) { return a === 0 ? 0 : 1 + args(a - 1, [b], c + 1); }\n\
         const o = { m(n) { return n === 0 ? 0 : 1 + this.m(n - 1); } };\n\
         console.log(plain(9500), args(7000, 0, 0), o.m(8500));\n\
         function forever(n) { return forever(n + 1) + 1; }\n\
         try { forever(0); } catch (e) { console.log(e.name, e.message); }\n",
    );
    for host in ["browser", "node"] {
        let out = run(&["run", p.to_str().unwrap(), "--host", host]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "9500 7000 8500\nRangeError Maximum call stack size exceeded\n",
            "{host}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0), "{host}");
    }
    let w = script(
        "deep_worker",
        "const { Worker } = require('worker_threads');\n\
         new Worker(`function plain(n) { return n === 0 ? 0 : 1 + plain(n - 1); }\n\
         console.log('worker', plain(9500));\n\
         function forever(n) { return forever(n + 1) + 1; }\n\
         try { forever(0); } catch (e) { console.log('worker', e.name); }`, { eval: true });\n",
    );
    let out = run(&["run", w.to_str().unwrap(), "--host", "node"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "worker 9500\nworker RangeError\n");
    assert_eq!(out.status.code(), Some(0));
}

/// What a page's script can reach: the web platform's globals and jsloop's
/// own `jsloop` namespace, nothing that touches files, the network or the
/// process.
const BROWSER_GLOBALS: &[&str] = &[
    "alert",
    "confirm",
    "prompt",
    "print",
    "DOMRectList",
    "DOMParser",
    "XMLSerializer",
    "isSecureContext",
    "crossOriginIsolated",
    "scroll",
    "scrollTo",
    "scrollBy",
    "matchMedia",
    "MediaQueryList",
    "NodeFilter",
    "NodeIterator",
    "TreeWalker",
    "Lock",
    "LockManager",
    "DOMRectReadOnly",
    "DOMRect",
    "innerWidth",
    "innerHeight",
    "outerWidth",
    "outerHeight",
    "scrollX",
    "scrollY",
    "pageXOffset",
    "pageYOffset",
    "screenX",
    "screenY",
    "screenLeft",
    "screenTop",
    "devicePixelRatio",
    "ResizeObserver",
    "ResizeObserverEntry",
    "ResizeObserverSize",
    "IntersectionObserver",
    "IntersectionObserverEntry",
    "AbortController",
    "AbortSignal",
    "AggregateError",
    "Array",
    "ArrayBuffer",
    "AsyncDisposableStack",
    "Atomics",
    "Attr",
    "BigInt",
    "BigInt64Array",
    "BigUint64Array",
    "Boolean",
    "CSSStyleDeclaration",
    "CharacterData",
    "Comment",
    "Crypto",
    "CryptoKey",
    "CustomEvent",
    "DOMException",
    "DOMStringMap",
    "DOMTokenList",
    "DataView",
    "Date",
    "DisposableStack",
    "Document",
    "DocumentFragment",
    "DocumentType",
    "Element",
    "Error",
    "ErrorEvent",
    "EvalError",
    "Event",
    "EventTarget",
    "FinalizationRegistry",
    "Float16Array",
    "Float32Array",
    "Float64Array",
    "FocusEvent",
    "Function",
    "IdleDeadline",
    "Infinity",
    "InputEvent",
    "Int16Array",
    "Int32Array",
    "Int8Array",
    "InternalError",
    "Iterator",
    "JSON",
    "KeyboardEvent",
    "Map",
    "Math",
    "MessageChannel",
    "MessageEvent",
    "MessagePort",
    "MouseEvent",
    "MutationObserver",
    "MutationRecord",
    "NaN",
    "NamedNodeMap",
    "Node",
    "NodeList",
    "Number",
    "Object",
    "PointerEvent",
    "Promise",
    "PromiseRejectionEvent",
    "Proxy",
    "RangeError",
    "ReferenceError",
    "Reflect",
    // ECMA-402's (Chromium has it; src/intl/).
    "Intl",
    "RegExp",
    "Set",
    "ShadowRoot",
    "SharedArrayBuffer",
    "String",
    "SuppressedError",
    "Symbol",
    "SyntaxError",
    "Text",
    "TextDecoder",
    "TextDecoderStream",
    "TextEncoder",
    "TextEncoderStream",
    // The Compression Standard (23_compression.js).
    "CompressionStream",
    "DecompressionStream",
    // The Streams Standard (19_streams.js).
    "ByteLengthQueuingStrategy",
    "CountQueuingStrategy",
    "ReadableByteStreamController",
    "ReadableStream",
    "ReadableStreamBYOBReader",
    "ReadableStreamBYOBRequest",
    "ReadableStreamDefaultController",
    "ReadableStreamDefaultReader",
    "TransformStream",
    "TransformStreamDefaultController",
    "WritableStream",
    "WritableStreamDefaultController",
    "WritableStreamDefaultWriter",
    "TypeError",
    "UIEvent",
    "URIError",
    "Uint16Array",
    "Uint32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "WeakMap",
    "WeakRef",
    "WeakSet",
    "atob",
    "btoa",
    "cancelAnimationFrame",
    "cancelIdleCallback",
    "clearInterval",
    "clearTimeout",
    "console",
    "crypto",
    "decodeURI",
    "decodeURIComponent",
    "document",
    "encodeURI",
    "encodeURIComponent",
    "escape",
    "eval",
    "frames",
    "globalThis",
    "isFinite",
    "isNaN",
    "jsloop",
    "location",
    "parseFloat",
    "parseInt",
    "performance",
    "postMessage",
    "queueMicrotask",
    "reportError",
    "requestAnimationFrame",
    "requestIdleCallback",
    "self",
    "setInterval",
    "setTimeout",
    "structuredClone",
    "undefined",
    "unescape",
    "window",
    "Worker",
    // The global object's own Window members and interfaces (Web IDL).
    "Window",
    "top",
    "parent",
    "length",
    "opener",
    "frameElement",
    "name",
    "closed",
    "Navigator",
    "navigator",
    "origin",
    "Location",
    "Blob",
    "BroadcastChannel",
    "File",
    "URL",
    "URLSearchParams",
    "FileList",
    "Headers",
    "Request",
    "Response",
    "PerformanceEntry",
    "PerformanceMark",
    "PerformanceMeasure",
    // High Resolution Time's interface (10_browser.js).
    "Performance",
    // The History API (30_page.js).
    "History",
    "PopStateEvent",
    "history",
    // Web Storage (25_storage.js).
    "Storage",
    "localStorage",
    "sessionStorage",
    // The Prioritized Task Scheduling API (24_scheduler.js).
    "Scheduler",
    "TaskController",
    "TaskSignal",
    "TaskPriorityChangeEvent",
    "scheduler",
    "WheelEvent",
    "CompositionEvent",
    "DragEvent",
    "HashChangeEvent",
    "PageTransitionEvent",
    "BeforeUnloadEvent",
    "StorageEvent",
    "SubmitEvent",
    "AbstractRange",
    "Range",
    "event",
    "ProgressEvent",
    "FileReader",
    "FormData",
    "ProcessingInstruction",
    "DOMImplementation",
    "ToggleEvent",
    "ImageData",
    "ImageBitmap",
    "createImageBitmap",
    "CanvasRenderingContext2D",
    "fetch",
    "XMLHttpRequestEventTarget",
    "XMLHttpRequestUpload",
    "XMLHttpRequest",
    "DeviceMotionEvent",
    "DeviceOrientationEvent",
    "SubtleCrypto",
    "StyleSheet",
    "CSSStyleSheet",
    "StyleSheetList",
    "CSSRuleList",
    "CSSRule",
    "CSSStyleRule",
    "CSSKeyframesRule",
    "CSSKeyframeRule",
    "AnimationEvent",
    "TransitionEvent",
    "getComputedStyle",
    "SharedWorker",
    "CloseEvent",
];

#[test]
fn the_browser_global_object_offers_only_web_platform_names() {
    let p = script("globals", "console.log(Object.getOwnPropertyNames(globalThis).join(' '));\nconsole.log([typeof require, typeof process, typeof host, typeof std, typeof os, typeof Deno, typeof Bun].join(' '));\n");
    let out = run(&["run", p.to_str().unwrap(), "--host", "browser"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut lines = stdout.lines();
    let unexpected: Vec<&str> = lines
        .next()
        .unwrap()
        .split(' ')
        .filter(|n| !BROWSER_GLOBALS.contains(n))
        .filter(|n| !(n.starts_with("HTML") || n.starts_with("SVG")))
        .collect();
    assert!(unexpected.is_empty(), "globals not on the allow-list: {unexpected:?}");
    assert_eq!(lines.next(), Some("undefined undefined undefined undefined undefined undefined undefined"));
}

#[test]
fn a_throw_in_every_kind_of_browser_callback_is_reported_and_the_loop_goes_on() {
    let out = run(&[
        "run",
        "tests/errors/browser_throw_in_every_kind_of_callback.js",
        "--host",
        "browser",
        "--clock",
        "virtual",
    ]);
    let expected = [
        "listener",
        "mutation observer",
        "queueMicrotask",
        "timer",
        "interval 1",
        "message",
        "interval 2",
        "rAF",
        "idle",
    ]
    .iter()
    .map(|w| format!("error event: Uncaught Error: {w}\n"))
    .collect::<String>()
        + "the loop went on\n";
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_throw_in_every_kind_of_node_callback_reaches_uncaught_exception() {
    let out = run(&["run", "tests/errors/node_throw_in_every_kind_of_callback.js", "--clock", "virtual"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "uncaught: nextTick uncaughtException\nuncaught: immediate uncaughtException\nuncaught: fs callback uncaughtException\nuncaught: timer uncaughtException\nuncaught: beforeExit uncaughtException\nexit listener runs\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_page_nested_twelve_thousand_elements_deep_is_not_a_crash() {
    let mut page = String::from("<script>console.log('first script');</script>");
    page.push_str(&"<b>".repeat(12_000));
    page.push_str("deep");
    // A script at the bottom, inserted (and run) 12,000 elements deep, finds
    // the deepest element connected. (Whether an element is connected is a
    // flag, not a walk to the root, and inserting a childless node checks
    // no ancestors: building this page is linear, about 0.3 s in release.)
    page.push_str(
        "<script>let n = document.body; while (n.firstElementChild) n = n.firstElementChild; \
         console.log('deepest', n.localName, n.isConnected, document.contains(n));</script>",
    );
    let dir = std::env::temp_dir().join(format!("jsloop-limits-{}-deep", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deep.html");
    std::fs::write(&path, page).unwrap();
    let out = run(&["run", path.to_str().unwrap(), "--clock", "virtual"]);
    // Whatever the DOM glue makes of it (a RangeError the page reports), the
    // process neither aborts nor loses what was printed.
    assert!(matches!(out.status.code(), Some(0) | Some(1)), "{:?}", out.status);
    assert_eq!(first_line(&out.stdout), "first script");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().nth(1), Some("deepest script true true"));
}

#[test]
fn a_fifty_megabyte_script_runs() {
    // 50 MiB of statements (about 3.1 million lines of `a.push(N);`), then a
    // check of what they built. Debug build: about 5 s (browser host).
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("jsloop-limits-{}-big", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.js");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut size = 0usize;
    let mut n: u64 = 0;
    let head = "const a = [];\n";
    f.write_all(head.as_bytes()).unwrap();
    size += head.len();
    while size < 50 * 1024 * 1024 {
        let line = format!("a.push({n});\n");
        f.write_all(line.as_bytes()).unwrap();
        size += line.len();
        n += 1;
    }
    f.write_all(b"let sum = 0;\nfor (const x of a) sum += x;\nconsole.log(a.length + ' ' + sum);\n").unwrap();
    f.flush().unwrap();
    drop(f);
    assert!(std::fs::metadata(&path).unwrap().len() >= 50 * 1024 * 1024);
    let started = std::time::Instant::now();
    let out = run(&["run", path.to_str().unwrap(), "--host", "browser"]);
    let elapsed = started.elapsed();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{n} {}\n", n * (n - 1) / 2));
    assert!(out.stderr.is_empty(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    eprintln!("50 MiB script: {n} statements in {} ms", elapsed.as_millis());
}

#[test]
fn timeout_stops_a_worker_that_never_ends_in_both_hosts_and_clocks() {
    // A dedicated worker and a worker thread that spin forever: --timeout
    // stops every loop, the main loop says so once, exit code 124.
    let page = script("spin-worker", "");
    let dir = page.parent().unwrap().to_path_buf();
    std::fs::write(dir.join("spin.js"), "postMessage('spinning');\nfor (;;) {}\n").unwrap();
    std::fs::write(
        dir.join("page.html"),
        "<!DOCTYPE html><body><script>new Worker('spin.js').onmessage = (e) => console.log('page got', e.data);</script></body>",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.js"),
        "const { Worker } = require('worker_threads');\nnew Worker('for (;;) {}', { eval: true });\nconsole.log('main started a worker');\n",
    )
    .unwrap();
    for clock in ["virtual", "real"] {
        for file in ["page.html", "main.js"] {
            let path = dir.join(file);
            let out = run(&["run", path.to_str().unwrap(), "--clock", clock, "--timeout", "500"]);
            assert_eq!(out.status.code(), Some(124), "{file} {clock}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(stderr.lines().count(), 1, "{file} {clock}: {stderr}");
            assert!(stderr.starts_with("jsloop: --timeout 500ms reached"), "{file} {clock}: {stderr}");
        }
    }
}

#[test]
fn a_throw_in_an_exit_listener_is_fatal_and_exit_is_not_emitted_again() {
    // Recorded from Node v20: the error is printed, the other listeners and
    // a second 'exit' do not run, the exit code is 1.
    let p = script(
        "exit-throw",
        "process.on('exit', (c) => { console.log('exit', c); throw new Error('boom in exit'); });\nprocess.on('exit', () => console.log('second exit listener'));\nconsole.log('main');\n",
    );
    for clock in ["virtual", "real"] {
        let out = run(&["run", p.to_str().unwrap(), "--clock", clock]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "main\nexit 0\n");
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("Error: boom in exit"));
    }
}

#[test]
fn a_full_heap_that_nobody_catches_is_nodes_fatal_error() {
    let p = script(
        "oom",
        "process.on('exit', () => console.log('exit is not emitted'));\nconsole.log('before');\nconst big = [];\nfor (;;) big.push(new Array(1e5).fill(1));\n",
    );
    let out = run(&["--max-heap", "64", p.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "before\n");
    assert_eq!(
        first_line(&out.stderr),
        "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"
    );
    assert_eq!(out.status.code(), Some(134), "Node's status: SIGABRT's 128 + 6");
}

/// A heap filled by many small objects: QuickJS, with no room left for its
/// "out of memory" InternalError, throws null; that is still Node's fatal
/// error (it printed `Uncaught null` and exited 1), and a script's own
/// `throw null` is not.
#[test]
fn a_heap_full_of_small_objects_is_nodes_fatal_error_too() {
    let p = script("oom_small", "const a = [];\nfor (;;) a.push({ n: a.length, s: 'x'.repeat(100) });\n");
    let out = run(&["--max-heap", "64", p.to_str().unwrap()]);
    assert_eq!(
        first_line(&out.stderr),
        "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"
    );
    assert_eq!(out.status.code(), Some(134));
    let p =
        script("throw_null", "const a = [];\nfor (let i = 0; i < 1000; i++) a.push({ i });\nthrow null;\n");
    let out = run(&["--max-heap", "64", p.to_str().unwrap()]);
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("FATAL"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_largest_stack_limit_is_a_range_error_in_every_thread_never_a_crash() {
    let node = script(
        "overflow_node",
        "function f() { return f() + 1; }\ntry { f(); } catch (e) { console.log('main caught', e.name); }\n\
         const { Worker } = require('worker_threads');\n\
         const w = new Worker(`function f() { return f() + 1; }\n\
         try { f(); } catch (e) { console.log('worker caught', e.name); }\nf();`, { eval: true });\n\
         w.on('error', (e) => console.log('error event', e.name, e.message));\n\
         w.on('exit', (c) => console.log('exit', c));\n",
    );
    let out = run(&["--max-stack", "16384", node.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "main caught RangeError\nworker caught RangeError\nerror event RangeError Maximum call stack size exceeded\nexit 1\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
    let dir = node.parent().unwrap();
    std::fs::write(dir.join("overflow_worker.js"), "function f() { return f() + 1; }\ntry { f(); } catch (e) { postMessage('worker caught ' + e.name); }\n").unwrap();
    let page = dir.join("overflow_page.js");
    std::fs::write(&page, "const w = new Worker('overflow_worker.js');\nw.onmessage = (e) => { console.log(e.data); w.terminate(); };\n").unwrap();
    let out = run(&["--host", "browser", "--max-stack", "16384", page.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "worker caught RangeError\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn terminating_workers_as_they_start_is_silent() {
    for (host, source) in [
        ("node", "const { Worker } = require('worker_threads');\nfor (let i = 0; i < 20; i++) new Worker('setInterval(() => {}, 1000)', { eval: true }).terminate();\nconsole.log('done');\n"),
        ("browser", "for (let i = 0; i < 20; i++) new Worker('data:text/javascript,setInterval(() => {}, 1000)').terminate();\nconsole.log('done');\n"),
    ] {
        let p = script(&format!("terminate_{host}"), source);
        let out = run(&["--host", host, p.to_str().unwrap()]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "done\n", "{host}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{host}");
        assert_eq!(out.status.code(), Some(0), "{host}");
    }
}

/// utime + stime of process `pid`, in seconds (`/proc/PID/stat`, fields 14
/// and 15, in clock ticks).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The command name (field 2) is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    ticks as f64 / per_second
}

#[test]
fn a_referenced_message_port_with_nothing_posted_idles_without_using_the_cpu() {
    // A listening port keeps Node's loop alive, blocked in epoll_wait on
    // libuv's async descriptor (0% CPU); poll must block, not spin.
    let p = script("idleport", "const { port1 } = new MessageChannel();\nport1.on('message', () => {});\n");
    for clock in ["real", "virtual"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(["run", p.to_str().unwrap(), "--host", "node", "--clock", clock, "--timeout", "5000"])
            .current_dir(root())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Past start-up, the CPU used over two seconds of idling.
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let before = cpu_seconds(child.id());
        std::thread::sleep(std::time::Duration::from_millis(2000));
        let after = cpu_seconds(child.id());
        let status = child.wait().unwrap();
        assert_eq!(
            status.code(),
            Some(124),
            "--clock {clock}: the port keeps the loop alive until --timeout"
        );
        assert!(after - before < 0.2, "--clock {clock}: {:.2} s of CPU in 2 s of idling", after - before);
    }
}
