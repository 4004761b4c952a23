//! (b) The `--input` parser: any bytes either parse into well-formed actions
//! or give a one-line error; never a panic. Parsed actions are then queued
//! on a small page under the virtual clock, so the dispatch path (random CSS
//! selectors, keys, values, times) runs too.
#![no_main]
use std::time::Duration;

use jsloop_core::ClockKind;
use jsloop_runtime::input::parse_input;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{run_page, Options, Output, Page};
use libfuzzer_sys::fuzz_target;

const TYPES: [&str; 8] =
    ["click", "mousedown", "mouseup", "mousemove", "dblclick", "keydown", "keyup", "input"];

const PAGE: &str = r#"<!doctype html><body><div id="outer"><button id="inner">b</button><input id="name"></div>
<script>
for (const t of ['click','mousedown','mouseup','mousemove','dblclick','keydown','keyup','input'])
  document.addEventListener(t, (e) => console.log(t, e.target.id, e.key, e.target.value, performance.now()), true);
</script>"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse_input(text) {
        Err(e) => {
            assert!(!e.is_empty(), "an empty error message");
        }
        Ok(actions) => {
            for a in &actions {
                assert!(a.at_ms.is_finite() && a.at_ms >= 0.0, "bad time {}", a.at_ms);
                assert!(TYPES.contains(&a.kind.as_str()), "bad type {}", a.kind);
                assert!(!a.target.trim().is_empty(), "empty target");
            }
            if actions.is_empty() || actions.len() > 64 {
                return;
            }
            let mut options = Options::new(ClockKind::Virtual);
            options.max_time = Some(Duration::from_secs(60));
            options.input = actions;
            options.limits = Limits {
                timeout: Some(Duration::from_secs(5)),
                max_heap: Some(64 << 20),
                max_stack: Some(512 << 10),
                interrupt: None,
            };
            let out = Output::new(Box::new(std::io::sink()), Box::new(std::io::sink()));
            let outcome = run_page(
                Page::Html { name: "/nonexistent-jsloop-fuzz/page.html", source: PAGE },
                options,
                out,
            );
            assert!(outcome.exit_code == 0 || outcome.exit_code == 1, "exit code {}", outcome.exit_code);
        }
    }
});
