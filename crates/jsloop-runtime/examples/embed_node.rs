//! Embeds jsloop's node host in a Rust program: an async host function
//! written in Rust (its work runs on a thread of its own, its promise
//! settles in the poll phase), and a task queued on the loop from another
//! thread through a `RuntimeHandle`.
//!
//! ```text
//! cargo run -p jsloop-runtime --example embed_node
//! ```
use std::time::Duration;

use jsloop_runtime::{ClockKind, HostKind, Output, Runtime, TaskSource};
use rquickjs::{Ctx, Value};

const MAIN: &str = r#"
const { setTimeout: sleep } = require('timers/promises');

async function main() {
  console.log('main: looking up two users');
  const [ada, grace] = await Promise.all([db.lookup('ada'), db.lookup('grace')]);
  console.log('main: got', ada.name, 'and', grace.name);
  try {
    await db.lookup('nobody');
  } catch (e) {
    console.log('main: lookup failed:', e.message);
  }
  await sleep(50);
  console.log('main: 50 ms later, at', performance.now(), 'ms');
}
main();

globalThis.onSensor = (reading) => console.log('sensor reading from another thread:', reading);
setImmediate(() => console.log('immediate: the check phase of the first turn'));
process.on('exit', (code) => console.log('exit event, code', code, 'at', app.uptime(), 'ms'));
"#;

// `pub`: tests/examples.rs runs it.
pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut rt = Runtime::builder()
        .host(HostKind::Node)
        // Under the virtual clock, work on other threads takes no virtual
        // time, and results come back in the order the calls were made, so
        // this program prints the same lines every time.
        .clock(ClockKind::Virtual)
        .output(Output::new(Box::new(std::io::stdout()), Box::new(std::io::stderr())))
        // Async: runs on its own thread with the arguments as JSON; the
        // promise resolves with the value, or rejects with an Error.
        .async_function("db.lookup", |args| {
            let key = args.first().and_then(|v| v.as_str()).unwrap_or_default().to_string();
            std::thread::sleep(Duration::from_millis(20)); // a slow database
            match key.as_str() {
                "ada" => Ok(serde_json::json!({ "name": "Ada Lovelace", "born": 1815 })),
                "grace" => Ok(serde_json::json!({ "name": "Grace Hopper", "born": 1906 })),
                _ => Err(format!("no user {key:?}")),
            }
        })
        // Sync: runs on the loop's thread, inside the callback that calls it.
        .function("app.uptime", |ctx: Ctx<'_>, _args: Vec<Value<'_>>| {
            let now = ctx.eval::<f64, _>("performance.now()")?;
            Ok(Value::new_number(ctx, now))
        })
        .build()?;

    // The main module runs, then its nextTicks and microtasks, then the
    // loop runs until idle (nothing more is due at time 0).
    rt.run_source("main.js", MAIN)?;
    println!("[rust] after run_source: virtual time {:?}", rt.now());

    // A sensor on another thread reports a reading. The handle is Send; a
    // pending task keeps the loop alive until it is delivered.
    let handle = rt.handle();
    let promised = handle.pending()?;
    let sensor = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        let reading = 21.5_f64;
        promised.complete(TaskSource::Networking, "sensor reading", move |ctx| {
            let on_sensor: rquickjs::Function = ctx.globals().get("onSensor")?;
            on_sensor.call::<_, ()>((reading,))
        })
    });

    rt.advance(Duration::from_millis(10))?;
    println!("[rust] after advance(10 ms): virtual time {:?}", rt.now());
    sensor.join().expect("the sensor thread panicked")?;

    // Run to the end as `jsloop run` would: beforeExit, exit, an exit code.
    let outcome = rt.run_to_end()?;
    println!("[rust] the runtime exited with code {} at {:?}", outcome.exit_code, outcome.end);
    assert_eq!(outcome.exit_code, 0);
    assert!(handle.is_shut_down());
    Ok(())
}
