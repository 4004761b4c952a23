//! (a) Page loading: any bytes, as a page (lossily decoded as UTF-8, as the
//! CLI would refuse invalid UTF-8 before this point), parsed with html5ever
//! and run on the HTML event loop under the virtual clock. `--max-time`,
//! `--timeout` and `--max-heap` bound what the page's scripts can do.
//! A panic, an abort or a timeout of the target is a bug in jsloop; exit
//! codes 0 and 1 (the script's own errors) are fine, 124 (--timeout hit) is
//! fine too, 70 (an internal error) is not.
#![no_main]
use std::time::Duration;

use jsloop_core::ClockKind;
use jsloop_runtime::limits::Limits;
use jsloop_runtime::{run_page, Options, Output, Page};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let mut options = Options::new(ClockKind::Virtual);
    options.max_time = Some(Duration::from_secs(30));
    options.limits = Limits {
        timeout: Some(Duration::from_secs(2)),
        max_heap: Some(64 << 20),
        max_stack: Some(512 << 10),
        interrupt: None,
    };
    let out = Output::new(Box::new(std::io::sink()), Box::new(std::io::sink()));
    // A directory that does not exist: every <script src> fails with ENOENT.
    let outcome =
        run_page(Page::Html { name: "/nonexistent-jsloop-fuzz/page.html", source: &source }, options, out);
    assert!(matches!(outcome.exit_code, 0 | 1 | 124), "exit code {}", outcome.exit_code);
});
