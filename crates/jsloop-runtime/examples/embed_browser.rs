//! Embeds jsloop's browser host in a Rust program: loads an HTML page with a
//! button, feeds clicks to it from Rust as real user input, moves the
//! virtual clock on by hand, and prints each paint as the trace reports it.
//!
//! ```text
//! cargo run -p jsloop-runtime --example embed_browser
//! ```
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::trace::{CollectSink, TraceEvent, TraceRecord};
use jsloop_runtime::input::InputAction;
use jsloop_runtime::{ClockKind, HostKind, Output, Runtime};

const PAGE: &str = r#"<!doctype html>
<html>
<body>
  <button id="add">add one</button>
  <p id="count">0</p>
  <p id="status">idle</p>
  <script>
    const count = document.getElementById('count');
    const status = document.getElementById('status');
    document.getElementById('add').addEventListener('click', () => {
      count.firstChild.data = String(Number(count.textContent) + 1);
      status.firstChild.data = 'clicked at ' + performance.now() + ' ms';
      console.log('click handled at', performance.now(), 'ms');
      // The next frame's animation frame callback sees the new count.
      requestAnimationFrame((t) => console.log('frame at', t.toFixed(3), 'ms, count', count.textContent));
    });
    console.log('page loaded');
  </script>
</body>
</html>"#;

// `pub`: tests/examples.rs runs it.
pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Every step of the loop, kept as data.
    let records: Rc<RefCell<Vec<TraceRecord>>> = Rc::default();
    let mut rt = Runtime::builder()
        .host(HostKind::Browser)
        .clock(ClockKind::Virtual)
        .trace(CollectSink(records.clone()))
        // console.log through the same (line-buffered) stdout as println!,
        // so the page's lines and ours come out in order.
        .output(Output::new(Box::new(std::io::stdout()), Box::new(std::io::stderr())))
        .build()?;

    // The parser's task runs the page's script; the loop runs until idle.
    rt.run_source("counter.html", PAGE)?;

    // Three clicks, each queued on the user interaction task source at its
    // time on the loop's clock, as a real click would arrive.
    for at_ms in [100.0, 250.0, 400.0] {
        let click = InputAction { at_ms, kind: "click".into(), target: "#add".into(), detail: None };
        rt.user_input(click)?;
    }

    // Move the virtual clock on in steps of 100 ms, printing what was
    // painted during each step.
    let mut seen = records.borrow().len();
    let mut paints = 0;
    for _ in 0..5 {
        rt.advance(Duration::from_millis(100))?;
        rt.flush_trace();
        println!("-- virtual time is now {:?}", rt.now());
        let records = records.borrow();
        for record in &records[seen..] {
            if let TraceEvent::Paint { frame, changes } = &record.event {
                paints += 1;
                println!("   paint of frame {frame} at {:.3} ms: {}", record.at_ms, changes.join("; "));
            }
        }
        seen = records.len();
    }

    let count = rt.with(|ctx| ctx.eval::<String, _>("document.getElementById('count').textContent"))??;
    println!("-- the page shows count {count} after {paints} paints");
    assert_eq!(count, "3");
    assert_eq!(paints, 4, "the page's first paint, then one after each click");

    let outcome = rt.run_to_end()?;
    println!("-- exit code {}", outcome.exit_code);
    Ok(())
}
