//! `--input FILE`: real user input, as a JSON list of actions.
//!
//! ```json
//! [
//!   {"at": 100, "type": "click", "target": "#inner"},
//!   {"at": 250, "type": "keydown", "target": "input", "key": "a"},
//!   {"at": 300, "type": "input", "target": "#name", "value": "Ada"}
//! ]
//! ```
//!
//! `at` is milliseconds on the loop's clock; `type` is `click`, `mousedown`,
//! `mouseup`, `mousemove`, `dblclick`, `keydown`, `keyup` or `input`;
//! `target` is a CSS selector. Each action is queued as a task on the user
//! interaction task source at its time.

/// One action of an `--input` file.
#[derive(Debug, Clone, PartialEq)]
pub struct InputAction {
    /// When it happens: milliseconds on the loop's clock (since the time origin).
    pub at_ms: f64,
    /// The event type: `click`, `mousedown`, `mouseup`, `mousemove`,
    /// `dblclick`, `keydown`, `keyup` or `input`.
    pub kind: String,
    /// A CSS selector for the element the event is dispatched at.
    pub target: String,
    /// `key` for key events, `value` for input events.
    pub detail: Option<String>,
}

const TYPES: [&str; 8] =
    ["click", "mousedown", "mouseup", "mousemove", "dblclick", "keydown", "keyup", "input"];

/// Parses an `--input` file; an error names the entry and the reason.
pub fn parse_input(json: &str) -> Result<Vec<InputAction>, String> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| format!("not valid JSON: {e}"))?;
    let list = value.as_array().ok_or(
        "expected a JSON list of actions, like [{\"at\": 100, \"type\": \"click\", \"target\": \"#id\"}]",
    )?;
    let mut actions = Vec::with_capacity(list.len());
    for (i, entry) in list.iter().enumerate() {
        let n = i + 1;
        let obj = entry.as_object().ok_or(format!("entry {n}: expected an object"))?;
        for key in obj.keys() {
            if !["at", "type", "target", "key", "value"].contains(&key.as_str()) {
                return Err(format!("entry {n}: unknown field \"{key}\""));
            }
        }
        let at_ms = obj
            .get("at")
            .and_then(|v| v.as_f64())
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or(format!("entry {n}: \"at\" must be a number of milliseconds >= 0"))?;
        let kind = obj
            .get("type")
            .and_then(|v| v.as_str())
            .ok_or(format!("entry {n}: \"type\" must be a string"))?
            .to_string();
        if !TYPES.contains(&kind.as_str()) {
            return Err(format!("entry {n}: unknown type \"{kind}\" (one of: {})", TYPES.join(", ")));
        }
        let target = obj
            .get("target")
            .and_then(|v| v.as_str())
            .filter(|s| !s.trim().is_empty())
            .ok_or(format!("entry {n}: \"target\" must be a CSS selector"))?
            .to_string();
        let detail = obj.get("key").or_else(|| obj.get("value")).and_then(|v| v.as_str()).map(String::from);
        actions.push(InputAction { at_ms, kind, target, detail });
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_actions() {
        let a = parse_input(r##"[{"at": 100, "type": "click", "target": "#inner"}, {"at": 5, "type": "keydown", "target": "input", "key": "a"}]"##).unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!(
            a[0],
            InputAction { at_ms: 100.0, kind: "click".into(), target: "#inner".into(), detail: None }
        );
        assert_eq!(a[1].detail.as_deref(), Some("a"));
    }

    #[test]
    fn errors_name_the_entry_and_the_reason() {
        assert_eq!(
            parse_input("{}").unwrap_err(),
            "expected a JSON list of actions, like [{\"at\": 100, \"type\": \"click\", \"target\": \"#id\"}]"
        );
        assert!(parse_input("[1,").unwrap_err().starts_with("not valid JSON: "));
        assert_eq!(
            parse_input(r#"[{"at": 1, "type": "click", "target": "a"}, {"type": "click", "target": "a"}]"#)
                .unwrap_err(),
            "entry 2: \"at\" must be a number of milliseconds >= 0"
        );
        assert_eq!(
            parse_input(r#"[{"at": 1, "type": "tap", "target": "a"}]"#).unwrap_err(),
            "entry 1: unknown type \"tap\" (one of: click, mousedown, mouseup, mousemove, dblclick, keydown, keyup, input)"
        );
        assert_eq!(
            parse_input(r#"[{"at": 1, "type": "click"}]"#).unwrap_err(),
            "entry 1: \"target\" must be a CSS selector"
        );
        assert_eq!(
            parse_input(r#"[{"at": 1, "type": "click", "target": "a", "x": 1}]"#).unwrap_err(),
            "entry 1: unknown field \"x\""
        );
    }
}
