//! The runtime's boundaries (docs/architecture.md), checked by reading the
//! sources: the browser host and the node host never import each other, and
//! the code both use (the QuickJS toolkit, threads, output, limits, the glue
//! loader) imports neither. Only the public API (`api/`, `lib.rs`) knows
//! both hosts. In the core, the HTML loop and the Node loop import nothing
//! of each other.
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The browser host's module (`src/browser/`).
const BROWSER: &[&str] = &["browser"];
/// The node host's module (`src/node/`).
const NODE: &[&str] = &["node"];
/// Modules allowed to know both hosts: the public API (`src/api/`, `src/lib.rs`).
const API: &[&str] = &["api", "lib"];
/// Crossings that exist today and are to go, each with the reason it is
/// still there. A new crossing fails the test; removing one of these makes
/// its entry fail too, so the list stays true.
const KNOWN: &[(&str, &str, &str)] = &[];

/// The modules of this crate a Rust source file names (`crate::x::…`,
/// `crate::{x, …}`).
fn crate_modules_named(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String =
                    part.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                found.push(name);
            }
        } else {
            found.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    found.sort();
    found.dedup();
    found
}

fn rust_files(dir: &Path, base: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, base, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// Which side a source file is on: "browser", "node" or "shared" (by the
/// directory it is in: `src/browser/…`, `src/node/…`, or neither).
fn side(file: &str) -> &'static str {
    let module = file.split('/').next().unwrap().trim_end_matches(".rs");
    if BROWSER.contains(&module) {
        "browser"
    } else if NODE.contains(&module) {
        "node"
    } else {
        "shared"
    }
}

#[test]
fn the_browser_host_and_the_node_host_never_import_each_other() {
    let mut files = Vec::new();
    rust_files(&src(), &src(), &mut files);
    assert!(
        files.iter().any(|(f, _)| f == "browser/mod.rs") && files.iter().any(|(f, _)| f == "node/mod.rs")
    );
    let mut crossings = Vec::new();
    for (file, text) in &files {
        if API.contains(&file.split('/').next().unwrap().trim_end_matches(".rs")) {
            continue;
        }
        let forbidden: Vec<&str> = match side(file) {
            "browser" => NODE.to_vec(),
            "node" => BROWSER.to_vec(),
            _ => BROWSER.iter().chain(NODE).copied().collect(),
        };
        for module in crate_modules_named(text) {
            if forbidden.contains(&module.as_str()) {
                crossings.push((file.clone(), module));
            }
        }
    }
    let known: Vec<(String, String)> = KNOWN.iter().map(|(f, m, _)| (f.to_string(), m.to_string())).collect();
    let new: Vec<_> = crossings.iter().filter(|c| !known.contains(c)).collect();
    assert!(new.is_empty(), "a host imports the other, or shared code imports a host: {new:?}");
    let gone: Vec<_> = known.iter().filter(|k| !crossings.contains(k)).collect();
    assert!(gone.is_empty(), "these known crossings are gone: take them out of KNOWN: {gone:?}");
}

#[test]
fn the_scan_sees_both_forms_of_a_crate_path() {
    let text = "use crate::node::Shared;\nuse crate::{engine, quickjs::to_text};\nlet x = crate::io::f();";
    assert_eq!(crate_modules_named(text), ["engine", "io", "node", "quickjs"]);
}

/// The core's two loops import nothing of each other: `core::html` never
/// names `core::uv`, and `core::uv` never names `core::html` (nor the HTML
/// loop's parts at their older root paths: `task`, `timers`, `microtask`,
/// `rendering`, `idle`). What both need is in the core's root (`run`,
/// `task_source`, `clock`, `trace`, `remote`, `world`).
#[test]
fn the_core_html_loop_and_the_core_uv_loop_never_import_each_other() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../jsloop-core/src");
    let mut files = Vec::new();
    rust_files(&core, &core, &mut files);
    assert!(
        files.iter().any(|(f, _)| f == "html/mod.rs") && files.iter().any(|(f, _)| f == "uv/mod.rs"),
        "the core's loops are html/ and uv/"
    );
    const HTML: &[&str] = &["html", "task", "timers", "microtask", "rendering", "idle"];
    let mut crossings = Vec::new();
    for (file, text) in &files {
        let forbidden: &[&str] = match file.split('/').next() {
            Some("html") => &["uv"],
            Some("uv") => HTML,
            _ => continue,
        };
        for module in crate_modules_named(text) {
            if forbidden.contains(&module.as_str()) {
                crossings.push((file.clone(), module));
            }
        }
    }
    assert!(crossings.is_empty(), "core::html and core::uv import each other: {crossings:?}");
}

/// The most lines a source file of the workspace may have (issue 15): a
/// file holds one concern and can be read whole. A file that grows past it
/// is split by concern (docs/architecture.md lists where each part goes).
const MAX_LINES: usize = 800;

#[test]
fn no_source_file_is_over_800_lines() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &crates, &mut files);
        }
    }
    assert!(files.iter().any(|(f, _)| f == "jsloop-core/src/lib.rs"), "the scan reads every crate's src/");
    let mut offenders: Vec<(String, usize)> = files
        .iter()
        .map(|(f, text)| (f.clone(), text.lines().count()))
        .filter(|(_, lines)| *lines > MAX_LINES)
        .collect();
    offenders.sort();
    assert!(
        offenders.is_empty(),
        "source files over {MAX_LINES} lines (split them by concern): {offenders:?}"
    );
}
