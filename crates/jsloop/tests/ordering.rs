//! Golden ordering tests: `tests/ordering/<behaviour>.js` beside
//! `<behaviour>.out`, run by the real `jsloop` binary in the browser host
//! under `--clock virtual`
//! (and `--clock real` too unless the case's first line says
//! `// jsloop-test: virtual-only`). The whole of stdout must equal the `.out`
//! file; where a `.err` file exists, the whole of stderr must equal it.
//! Where the `.out` came from is listed in tests/ordering/README.md.
#[macro_use]
mod support;

use std::path::Path;
use std::process::Command;
use support::{assert_every_case_listed, assert_run_matches, assert_virtual_runs_agree, jsloop, root};

/// The loopback HTTP server a case talks to (`tests/ordering/server/http.js`,
/// run by jsloop's node host): its URL, and the process, killed when dropped.
struct Server {
    child: std::process::Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(["run", "tests/ordering/server/http.js", "--host", "node"])
            .current_dir(root())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start the loopback server");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port: u16 =
            line.trim().parse().unwrap_or_else(|_| panic!("the server printed {line:?}, not its port"));
        Server { child, url: format!("http://127.0.0.1:{port}") }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn check(name: &str) {
    let mut js = format!("tests/ordering/{name}.js");
    let mut source = std::fs::read_to_string(root().join(&js)).unwrap();
    // A case that talks to the loopback server: the server is started, and
    // the case run with its URL in place of `__SERVER__`.
    let _server = if source.lines().next().is_some_and(|l| l.contains("jsloop-test: loopback-server")) {
        let server = Server::start();
        source = source.replace("__SERVER__", &server.url);
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.js"));
        std::fs::write(&path, &source).unwrap();
        js = path.display().to_string();
        Some(server)
    } else {
        None
    };
    let expected = std::fs::read_to_string(root().join(format!("tests/ordering/{name}.out")))
        .unwrap_or_else(|_| panic!("{name}.out is missing"));
    let expected_err = std::fs::read_to_string(root().join(format!("tests/ordering/{name}.err"))).ok();
    let virtual_only = source.lines().next().is_some_and(|l| l.contains("jsloop-test: virtual-only"));
    let clocks: &[&str] = if virtual_only { &["virtual"] } else { &["virtual", "real"] };
    for clock in clocks {
        let run = jsloop(&["run", &js, "--host", "browser", "--clock", clock]);
        assert_run_matches(&format!("{name} (--clock {clock})"), &run, &expected, expected_err.as_deref());
    }
    // Under the virtual clock two runs print byte-identical output and trace.
    assert_virtual_runs_agree(name, &js);
}

golden_cases!(
    timeout_after_promise,
    scheduler_post_task_priorities,
    seed_000_timeout_after_script,
    nested_timeout_clamped_after_five_levels,
    nested_timeout_clamp_threshold,
    message_channel_not_clamped,
    microtasks_queued_by_microtasks_run_before_the_next_task,
    queue_microtask_and_promises_share_one_fifo,
    await_and_then_order,
    equal_timeouts_fire_in_start_order,
    clear_timeout_and_clear_interval_are_interchangeable,
    timer_arguments_and_string_handlers,
    message_port_add_event_listener_needs_start,
    microtasks_run_between_listeners_of_a_host_dispatched_event,
    dispatch_event_from_script_runs_microtasks_after_the_script,
    timer_set_from_a_microtask_is_not_nested,
    interval_repeats_are_clamped_after_five_levels,
    uncaught_error_fires_error_event_and_the_loop_goes_on,
    unhandled_rejection_fires_after_the_checkpoint,
    structured_clone_copies_supported_types,
    window_post_message_is_a_posted_message_task,
    one_hour_timer_under_the_virtual_clock,
    zero_timeout_is_queued_before_a_message_posted_after_it,
    timer_due_during_a_task_runs_after_the_tasks_it_queued,
    console_format_specifiers_and_values,
    message_port_close_stops_delivery,
    animation_frame_callbacks_get_a_checkpoint_each,
    idle_callback_runs_when_nothing_else_is_runnable,
    request_idle_callback_demo_span_0,
    request_idle_callback_demo_span_20,
    request_idle_callback_demo_span_200,
    structured_clone_keeps_undefined_own_proto_keys_and_resizable_buffers,
    loopback_fetch_and_xhr_are_networking_tasks,
);

#[test]
fn every_case_in_the_directory_is_listed() {
    assert_every_case_listed("tests/ordering", "js", CASES);
}
