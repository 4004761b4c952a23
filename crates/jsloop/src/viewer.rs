//! `--trace=html`: one self-contained HTML page to step through a run. The
//! page (viewer.html) reads the same trace records `--trace=json` writes;
//! it reconstructs the queues from them.

const TEMPLATE: &str = include_str!("viewer.html");

/// The page for one run: the template with the trace and the source in it.
pub fn render(name: &str, source: &str, records: &[jsloop_core::trace::TraceRecord]) -> String {
    let data = serde_json::json!({ "file": name, "source": source, "records": records });
    // Inside a <script type="application/json">, only "</" needs escaping.
    let json = serde_json::to_string(&data).unwrap_or_default().replace("</", "<\\/");
    TEMPLATE.replace("/*JSLOOP_TRACE_DATA*/null", &json)
}
