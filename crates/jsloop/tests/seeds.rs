//! Every example of the seed articles (`../shared/seeds`: 000 and 001 have
//! code; 002, 003 and 004 explain the loop in prose and diagrams) runs as the
//! article says, or as docs/deviations.md explains.
//!
//! Each example below names the article, lines of its code (whitespace
//! aside) that pick out its block in the article, the file in this
//! repository that runs it, and what the article says it prints. When the
//! articles are on the machine, the test also checks that every runnable
//! code block of 000 and 001 is one of these examples (the event-loop
//! pseudocode is not runnable) and that the quoted code is the article's.
//! Without them, it says so and checks the runs alone.
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// What the article says a run prints.
enum Says {
    /// The article prints this output (or says it in words: the lines).
    Prints(&'static str),
    /// The article's output differs; docs/deviations.md has this section,
    /// and the run prints the output recorded from Chromium 156.
    Deviation { section: &'static str, prints: &'static str },
    /// What Chromium 156 printed (recorded in this file), where the article
    /// says only what a part of the output shows (checked on its own).
    Recorded(&'static str),
    /// "The above code will block the main thread": it prints this, then
    /// runs until `--timeout` stops it (exit 124).
    Blocks(&'static str),
}

struct Example {
    seed: &'static str,
    /// Lines of the example's code, each found in its block of the article.
    code: &'static [&'static str],
    /// jsloop's arguments (from the repository's root).
    args: &'static [&'static str],
    says: Says,
    /// For a page, the paints the article describes (the lines of the
    /// page's `.paints` file, checked against the trace).
    paints: Option<&'static str>,
}

// Where the article gives one example in two blocks (or the same output
// twice), its examples share the run and what it prints.

/// Seed 000's MessageChannel recursion (its helper's block and the block
/// that uses it).
const CHANNEL: &[&str] = &["tests/ordering/message_channel_not_clamped.js", "--host", "browser"];
/// "it doesn't have the 4ms quirk": every delay under 1 ms.
const UNCLAMPED: &str = "{depth: 1, time: 0}\n{depth: 2, time: 0}\n{depth: 3, time: 0}\n{depth: 4, time: 0}\n{depth: 5, time: 0}\n{depth: 6, time: 0}\n{depth: 7, time: 0}\n{depth: 8, time: 0}\n{depth: 9, time: 0}\n{depth: 10, time: 0}\n";
/// Seed 000's page clicked by hand (its markup's block and its script's).
const REAL_CLICK: &[&str] = &[
    "tests/pages/seed_000_real_click_without_promises.html",
    "--input",
    "tests/pages/seed_000_real_click_without_promises.input.json",
];
/// One task, the inner div's callback, then the outer's; `inner.click()`
/// prints the same.
const CLICKS: &str = "script\nclick event inner\nclick event outer\n";
/// Seed 000's button that sets two colours (its markup's block and its
/// script's).
const LAST_STYLE: &[&str] = &[
    "tests/pages/seed_000_a_frame_paints_only_the_last_style.html",
    "--input",
    "tests/pages/seed_000_a_frame_paints_only_the_last_style.input.json",
];

const EXAMPLES: &[Example] = &[
    Example {
        seed: "000",
        code: &["setTimeout(() => { console.log('timeout'); }, 0); console.log('script');"],
        args: &["tests/ordering/seed_000_timeout_after_script.js", "--host", "browser"],
        says: Says::Prints("script\ntimeout\n"),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["console.log({ depth, time: nowTime - previousTime });", "setTimeout(recurse, 0);"],
        args: &["tests/ordering/nested_timeout_clamped_after_five_levels.js", "--host", "browser"],
        says: Says::Deviation {
            section: "The seed article's Chrome 110 clamped one level earlier",
            prints: "{depth: 1, time: 0}\n{depth: 2, time: 0}\n{depth: 3, time: 0}\n{depth: 4, time: 0}\n{depth: 5, time: 0}\n{depth: 6, time: 0}\n{depth: 7, time: 4}\n{depth: 8, time: 4}\n{depth: 9, time: 4}\n{depth: 10, time: 4}\n",
        },
        paints: None,
    },
    Example {
        seed: "000",
        // The helper's block, then the block that uses it: one example.
        code: &["function queueMacroTask(cb) {", "mc.port1.postMessage (null);"],
        args: CHANNEL,
        says: Says::Prints(UNCLAMPED),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["queueMacroTask(recurse);"],
        args: CHANNEL,
        says: Says::Prints(UNCLAMPED),
        paints: None,
    },
    Example {
        seed: "000",
        // Clicking "Click me": one task, the inner div's callback, then the outer's.
        code: &["<div id=\"inner\">Click me</div>"],
        args: REAL_CLICK,
        says: Says::Prints(CLICKS),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["console.log(\"click event\", this.id); } inner.addEventListener(\"click\", onClick); outer.addEventListener(\"click\", onClick); console.log('script');"],
        args: REAL_CLICK,
        says: Says::Prints(CLICKS),
        paints: None,
    },
    Example {
        seed: "000",
        // "this new snippet outputs in the same sequence"
        code: &["console.log(\"click event\", this.id); } inner.addEventListener", "console.log('script'); inner.click();"],
        args: &["tests/pages/seed_000_el_click_without_promises.html"],
        says: Says::Prints(CLICKS),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["function addMicroTask() {", "addMicroTask();"],
        args: &[
            "tests/seeds/seed_000_microtasks_that_queue_microtasks_block_the_loop.js",
            "--host",
            "browser",
            "--timeout",
            "300",
        ],
        says: Says::Blocks("script\n"),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["Promise.resolve().then(() => { console.log('promise'); }); console.log('script');"],
        args: &["tests/ordering/timeout_after_promise.js", "--host", "browser"],
        says: Says::Prints("script\npromise\ntimeout\n"),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["console.log(\"resolved\", this.id);", "inner.click();"],
        args: &["tests/pages/seed_000_el_click_runs_listeners_inside_the_script.html"],
        says: Says::Deviation {
            section: "Seed 000's `resolver outer`",
            prints: "script\nclick event inner\nclick event outer\nresolved inner\nresolved outer\n",
        },
        paints: None,
    },
    Example {
        seed: "000",
        // "Removing `inner.click` and manually clicking the inner div"
        code: &["console.log(\"resolved\", this.id);"],
        args: &[
            "tests/pages/seed_000_real_click_runs_microtasks_between_listeners.html",
            "--input",
            "tests/pages/seed_000_real_click_runs_microtasks_between_listeners.input.json",
        ],
        says: Says::Prints("script\nclick event inner\nresolved inner\nclick event outer\nresolved outer\n"),
        paints: None,
    },
    Example {
        seed: "000",
        code: &["<div id=\"button\">Click me</div>"],
        args: LAST_STYLE,
        says: Says::Recorded("tests/pages/seed_000_a_frame_paints_only_the_last_style.out"),
        // "In the end the last value of backgroundColor - blue is used"
        paints: Some("tests/pages/seed_000_a_frame_paints_only_the_last_style.paints"),
    },
    Example {
        seed: "000",
        code: &["document.body.style.backgroundColor = \"red\"; document.body.style.backgroundColor = \"blue\"; } document.getElementById('button')"],
        args: LAST_STYLE,
        says: Says::Recorded("tests/pages/seed_000_a_frame_paints_only_the_last_style.out"),
        paints: Some("tests/pages/seed_000_a_frame_paints_only_the_last_style.paints"),
    },
    Example {
        seed: "000",
        // "This still won't work": blue only.
        code: &["document.body.style.backgroundColor = \"red\"; requestAnimationFrame(() => { document.body.style.backgroundColor = \"blue\"; });"],
        args: &[
            "tests/pages/seed_000_single_raf_still_paints_blue_only.html",
            "--input",
            "tests/pages/seed_000_single_raf_still_paints_blue_only.input.json",
        ],
        says: Says::Recorded("tests/pages/seed_000_single_raf_still_paints_blue_only.out"),
        paints: Some("tests/pages/seed_000_single_raf_still_paints_blue_only.paints"),
    },
    Example {
        seed: "000",
        // "just before rendering the second frame we'll set the backgroundColor to blue"
        code: &["requestAnimationFrame(() => { requestAnimationFrame(() => { document.body.style.backgroundColor = \"blue\"; }); });"],
        args: &[
            "tests/pages/seed_000_double_raf_paints_red_then_blue.html",
            "--input",
            "tests/pages/seed_000_double_raf_paints_red_then_blue.input.json",
        ],
        says: Says::Prints("first frame\nsecond frame\n"),
        paints: Some("tests/pages/seed_000_double_raf_paints_red_then_blue.paints"),
    },
    Example {
        seed: "001",
        // span = 0 and 200 as the article found; span = 20 as Chromium 156 does.
        code: &["const idle2 = window.requestIdleCallback(() => {", "window.cancelAnimationFrame(rAF)"],
        args: &["tests/ordering/request_idle_callback_demo_span_0.js", "--host", "browser"],
        says: Says::Recorded("tests/ordering/request_idle_callback_demo_span_0.out"),
        paints: None,
    },
    Example {
        seed: "001",
        // The MutationObserver demo: its code is on a linked page, its output in the article.
        code: &["before trigger MutationObserver", "promise callback in MutationObserver", "setTimeout callback in MutationObserver"],
        args: &["tests/pages/seed_001_mutation_observer_raf_idle_await.html"],
        says: Says::Deviation {
            section: "Seed 001's opening example: `execute rAF`",
            prints: "before trigger MutationObserver\nbefore: await\npromise callback before MutationObserver\nMutationObserver event callback\npromise callback after MutationObserver\nthen q\npromise callback in MutationObserver\nafter:await q\nafter:await q then\nsetTimeout callback\ndisconnect\ncalcel rAF\nsetTimeout callback in MutationObserver\nexecute requestIdleCallback\ncalcel requestIdleCallback\n",
        },
        paints: None,
    },
];

/// The article's span demo, run three ways: the order of 'calcel rAF' and
/// the idle callbacks (the article: before them with span 0 and 20, after
/// them with 200; span 20 as docs/deviations.md says).
const SPANS: &[(&str, bool)] = &[("0", true), ("20", true), ("200", false)];

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The runnable code blocks of an article: ```js/```html blocks and
/// `{% highlight javascript %}` blocks, without the event-loop pseudocode;
/// plus ``` blocks of console output (so an example given by its output is
/// found too).
fn blocks(article: &str) -> Vec<(usize, String, bool)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, String, bool)> = None;
    for (n, line) in article.lines().enumerate() {
        let t = line.trim();
        let opens = t.starts_with("```") || t.starts_with("{% highlight");
        let closes = t == "```" || t.starts_with("{% endhighlight");
        match cur.take() {
            Some(b) if closes => out.push(b),
            Some((at, mut text, code)) => {
                text.push_str(line);
                text.push('\n');
                cur = Some((at, text, code));
            }
            None if opens => {
                let code =
                    t.starts_with("```js") || t.starts_with("```html") || t.starts_with("{% highlight");
                cur = Some((n + 1, String::new(), code));
            }
            None => {}
        }
    }
    out.into_iter()
        .filter(|(_, text, code)| !*code || !(text.contains("eventLoop") || text.contains("runToCompletion")))
        .collect()
}

fn run(args: &[&str], trace: bool) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jsloop"));
    cmd.args(["run"]).args(args).args(["--clock", "virtual"]);
    if trace {
        cmd.arg("--trace");
    }
    cmd.current_dir(root()).output().unwrap()
}

#[test]
fn every_seed_example_runs_as_the_article_says() {
    let deviations = std::fs::read_to_string(root().join("docs/deviations.md")).unwrap();
    let mut failures = Vec::new();
    for ex in EXAMPLES {
        let out = run(ex.args, ex.paints.is_some());
        let stdout = String::from_utf8_lossy(&out.stdout);
        let what = format!("seed {} example {:?} ({})", ex.seed, ex.code[0], ex.args[0]);
        let (want, code) = match &ex.says {
            Says::Prints(p) => (*p, 0),
            Says::Recorded(file) => (&*std::fs::read_to_string(root().join(file)).unwrap().leak(), 0),
            Says::Deviation { section, prints } => {
                if !deviations.contains(&format!("## {section}")) {
                    failures.push(format!("{what}: docs/deviations.md has no section {section:?}"));
                }
                (*prints, 0)
            }
            Says::Blocks(p) => (*p, 124),
        };
        if stdout != want || out.status.code() != Some(code) {
            failures.push(format!(
                "{what}: exit {:?} (want {code}), printed:\n{stdout}want:\n{want}",
                out.status.code()
            ));
        }
        if let Some(paints) = ex.paints {
            let want = std::fs::read_to_string(root().join(paints)).unwrap();
            let got: String = String::from_utf8_lossy(&out.stderr)
                .lines()
                .filter_map(|l| l.split_once("] ").map(|(_, rest)| rest))
                .filter(|l| l.starts_with("paint "))
                .map(|l| format!("{l}\n"))
                .collect();
            if got != want {
                failures.push(format!("{what}: paints\n{got}want ({paints}):\n{want}"));
            }
        }
    }
    // Seed 001's span demo: 'calcel rAF' before the idle callbacks or after.
    for (span, before) in SPANS {
        let out = run(
            &[&format!("tests/ordering/request_idle_callback_demo_span_{span}.js"), "--host", "browser"],
            false,
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let cancel = stdout.find("calcel rAF");
        let idle = stdout.find("execute requestIdleCallback");
        let ok = match (cancel, idle) {
            (Some(c), Some(i)) => (c < i) == *before,
            _ => false,
        };
        let as_article = *span != "20";
        if ok != as_article {
            failures.push(format!("seed 001 span = {span}: printed\n{stdout}"));
        }
    }
    assert!(deviations.contains("## requestIdleCallback with span = 20 (seed 001)"));

    // The examples are the articles' own, and every runnable block is one.
    let seeds = root().join("../shared/seeds");
    let Ok(dir) = std::fs::read_dir(&seeds) else {
        eprintln!(
            "seeds: NOT RUN the check against the articles: {} is not on this machine",
            seeds.display()
        );
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        return;
    };
    let mut articles: Vec<(String, String)> = dir
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            Some((name.get(..3)?.to_string(), std::fs::read_to_string(e.path()).ok()?))
        })
        .collect();
    articles.sort();
    for (seed, text) in &articles {
        let runnable = blocks(text);
        let mine: Vec<&Example> = EXAMPLES.iter().filter(|e| e.seed == seed).collect();
        for ex in &mine {
            for code in ex.code {
                if !runnable.iter().any(|(_, b, _)| squash(b).contains(&squash(code))) {
                    failures.push(format!("seed {seed}: no block of the article has {code:?}"));
                }
            }
        }
        for (line, block, code) in &runnable {
            if !code {
                continue; // output blocks are checked as part of their example
            }
            let b = squash(block);
            if !mine.iter().any(|e| e.code.iter().all(|c| b.contains(&squash(c)))) {
                failures.push(format!("seed {seed}, line {line}: an example no test runs:\n{block}"));
            }
        }
    }
    assert!(articles.len() >= 5, "seeds: {} articles", articles.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
