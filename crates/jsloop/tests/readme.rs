//! Every transcript in README.md and in the user guides of docs/ (a
//! ```console block: `$ jsloop …` lines, each followed by what it prints) is
//! what the binary prints: each command is run from the repository's root
//! and its stdout and stderr, written to one file as a terminal would show
//! them, are compared with the document. A last line `[exit status N]` says
//! the command exits with N (else it must succeed).
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// One `$ jsloop …` line and the lines the README shows after it.
struct Transcript {
    line: usize,
    command: String,
    expected: String,
}

fn transcripts(readme: &str) -> Vec<Transcript> {
    let mut found = Vec::new();
    let mut in_console = false;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Transcript { line: n + 1, command: command.to_string(), expected: String::new() });
        } else {
            let last = found.last_mut().expect("a ```console block starts with a `$ ` command line");
            last.expected.push_str(line);
            last.expected.push('\n');
        }
    }
    found
}

/// Splits a command line as a POSIX shell would for the words the README
/// uses: blanks separate words, '…' and "…" quote.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, ' ') => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "unbalanced quote in {command:?}");
    words.extend(word);
    words
}

#[test]
fn every_readme_transcript_is_what_the_binary_prints() {
    check("README.md", 3);
}

/// The guide built from the seed articles' examples: each with its
/// `jsloop explain` output.
#[test]
fn every_transcript_of_the_why_this_order_guide_is_what_the_binary_prints() {
    check("docs/why-this-order.md", 10);
}

/// No transcript escapes these tests: every document of the repository
/// with a ```console block is README.md or a guide checked above, and no
/// `$ jsloop` line stands outside such a block (where it would not be run).
/// The install command keeps the lockfile (`cargo install` ignores
/// Cargo.lock without `--locked`, and resolves every dependency anew).
#[test]
fn every_transcript_is_in_a_checked_document() {
    let root = root();
    let checked = ["README.md", "docs/why-this-order.md"];
    let mut docs = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()) {
            let path = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    dirs.push(path);
                }
            } else if name.ends_with(".md") {
                docs.push(path);
            }
        }
    }
    let mut wrong = Vec::new();
    for path in docs {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut block: Option<&str> = None;
        for (n, line) in text.lines().enumerate() {
            if let Some(kind) = line.strip_prefix("```") {
                block = if block.is_some() { None } else { Some(kind) };
                if block == Some("console") && !checked.contains(&rel.as_str()) {
                    wrong.push(format!("{rel}:{}: a console block in a document no test runs", n + 1));
                }
            } else if line.starts_with("$ jsloop") && block != Some("console") {
                wrong.push(format!("{rel}:{}: a transcript outside a console block", n + 1));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains("cargo install --locked --path crates/jsloop"),
        "README: cargo install without --locked"
    );
}

fn check(doc: &str, at_least: usize) {
    let root = root();
    let readme = std::fs::read_to_string(root.join(doc)).unwrap();
    let all = transcripts(&readme);
    assert!(all.len() >= at_least, "{doc} has {} transcripts", all.len());
    let dir =
        std::env::temp_dir().join(format!("jsloop-readme-{}-{}", std::process::id(), doc.replace('/', "-")));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for (i, t) in all.iter().enumerate() {
        let words = words(&t.command);
        assert_eq!(words[0], "jsloop", "README.md:{}: a transcript runs jsloop, not {:?}", t.line, words[0]);
        // stdout and stderr into one file, in the order they were written.
        let path = dir.join(format!("{i}.txt"));
        let file = std::fs::File::create(&path).unwrap();
        let status = Command::new(env!("CARGO_BIN_EXE_jsloop"))
            .args(&words[1..])
            .current_dir(&root)
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .status()
            .unwrap();
        let got = std::fs::read_to_string(&path).unwrap();
        let (expected, code) =
            match t.expected.trim_end().rsplit_once('\n').map_or(("", t.expected.trim_end()), |x| x) {
                (before, last) if last.starts_with("[exit status ") => {
                    let code: i32 = last["[exit status ".len()..].trim_end_matches(']').parse().unwrap();
                    (if before.is_empty() { String::new() } else { format!("{before}\n") }, code)
                }
                _ => (t.expected.clone(), 0),
            };
        if got != expected || status.code() != Some(code) {
            failures.push(format!(
                "{doc}:{}: `{}` ({status}) printed:\n{got}\n{doc} shows:\n{}",
                t.line, t.command, t.expected
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
