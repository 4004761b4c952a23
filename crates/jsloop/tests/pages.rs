//! Page tests: `tests/pages/<name>.html`, run as pages under `--clock
//! virtual`, with `<name>.input.json` as real user input when it exists.
//! stdout must equal `<name>.out`; the paint lines of the trace must equal
//! `<name>.paints` when it exists. Sources of each expected output:
//! tests/pages/README.md.
#[macro_use]
mod support;

use std::process::Command;
use support::{assert_every_case_listed, root, temp_file};

fn check(name: &str) {
    let dir = root().join("tests/pages");
    let page = format!("tests/pages/{name}.html");
    let mut args = vec!["run".to_string(), page, "--clock".into(), "virtual".into(), "--trace".into()];
    let input = dir.join(format!("{name}.input.json"));
    if input.exists() {
        args.push("--input".into());
        args.push(format!("tests/pages/{name}.input.json"));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_jsloop")).args(&args).current_dir(root()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    assert_eq!(stdout, expected, "{name}: stdout differs; trace:\n{stderr}");
    assert_eq!(out.status.code(), Some(0), "{name}: exit code; trace:\n{stderr}");
    if let Ok(paints) = std::fs::read_to_string(dir.join(format!("{name}.paints"))) {
        let got: String = stderr
            .lines()
            .filter_map(|l| l.split_once("] ").map(|(_, rest)| rest))
            .filter(|l| l.starts_with("paint "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(got, paints, "{name}: paints differ");
    }
}

golden_cases!(
    seed_000_el_click_runs_listeners_inside_the_script,
    seed_000_el_click_without_promises,
    seed_000_real_click_runs_microtasks_between_listeners,
    seed_000_real_click_without_promises,
    seed_000_user_click_hook_queues_a_real_click,
    seed_000_a_frame_paints_only_the_last_style,
    seed_000_single_raf_still_paints_blue_only,
    seed_000_double_raf_paints_red_then_blue,
    seed_001_mutation_observer_raf_idle_await,
    malformed_markup_is_recovered_as_browsers_do,
    real_click_fires_pointer_and_mouse_events_before_click,
    load_then_pageshow_each_followed_by_its_microtasks,
    parser_delivers_mutation_records_before_each_script,
);

#[test]
fn every_page_in_the_directory_is_listed() {
    assert_every_case_listed("tests/pages", "html", CASES);
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jsloop")).args(args).current_dir(root()).output().unwrap()
}

#[test]
fn a_missing_script_src_fires_error_and_the_page_goes_on() {
    let page = temp_file("pages", "missing.html", "<script>document.addEventListener('error', (e) => console.log('error at', e.target.tagName), true);</script>\n<script src=\"nope.js\"></script>\n<script>console.log('after')</script>\n");
    let out = run(&["run", page.to_str().unwrap(), "--clock", "virtual"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "error at SCRIPT\nafter\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<script src=\"nope.js\">") && err.contains("ENOENT: no such file or directory"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_error_in_an_inline_script_points_into_the_page() {
    let page = temp_file("pages-err", "err.html", "<!DOCTYPE html>\n<p>text</p>\n<script>\n  let a = 1;\n  a.b.c = 2;\n</script>\n<script>console.log('next script runs')</script>\n");
    let out = run(&["run", page.to_str().unwrap(), "--clock", "virtual"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "next script runs\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("err.html:5:"), "{err}");
}

#[test]
fn a_malformed_input_file_names_the_entry_and_the_reason() {
    let input = temp_file(
        "pages-input",
        "bad.json",
        r##"[{"at": 10, "type": "click", "target": "#a"}, {"at": "soon", "type": "click", "target": "#a"}]"##,
    );
    let out = run(&[
        "run",
        "tests/pages/seed_000_el_click_runs_listeners_inside_the_script.html",
        "--input",
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("entry 2: \"at\" must be a number of milliseconds >= 0"), "{err}");
}

#[test]
fn an_input_action_that_names_no_element_is_reported() {
    let input =
        temp_file("pages-noel", "noel.json", r##"[{"at": 10, "type": "click", "target": "#nothing-here"}]"##);
    let out = run(&[
        "run",
        "tests/pages/seed_000_el_click_runs_listeners_inside_the_script.html",
        "--clock",
        "virtual",
        "--input",
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--input entry 1: no element matches the selector \"#nothing-here\" at 10ms"),
        "{err}"
    );
}
