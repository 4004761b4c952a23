//! Errors as Node prints them: uncaught errors with their source line and
//! caret, syntax errors in V8's words, the heap-limit fatal error.

use rquickjs::Value;

use crate::quickjs::{to_text, v8_syntax_message};

/// Node's text for a syntax error in a CommonJS module, from jsloop's
/// `FILE:LINE:COLUMN: SyntaxError: message`: the file and line, the source
/// line, a caret under the column, then the error in V8's words.
pub(super) fn node_syntax_error_text(text: &str, file: &str) -> String {
    let Some((place, headline)) = text.split_once(": SyntaxError: ").map(|(p, m)| (p, m.to_string())) else {
        return text.to_string();
    };
    let Some(o) = crate::quickjs::parse_origin(place) else { return text.to_string() };
    let source = crate::quickjs::source_text(file).unwrap_or_default();
    let lines: Vec<&str> = source.lines().collect();
    let line = o.line as usize;
    let column = o.column as usize;
    // Past the last line: the wrapper's closing `})`, which QuickJS reports
    // as an unexpected token; the module itself ended too soon. V8 points
    // past the source's end: its last (empty) line, with no marker.
    if line > lines.len() {
        let line = source.matches('\n').count() + 1;
        return format!(
            "{}:{line}\n{}\n\n\nSyntaxError: Unexpected end of input\n\nNode.js (jsloop node host)",
            o.file,
            if source.ends_with('\n') { "" } else { lines.last().copied().unwrap_or("") }
        );
    }
    let shown = lines.get(line - 1).copied().unwrap_or("");
    let (message, column) = v8_syntax_message(&headline, shown, column);
    // V8 marks the whole token: the one the message quotes, or an
    // unterminated string to the end of its line.
    let rest: String = shown.chars().skip(column.saturating_sub(1)).collect();
    let quoted = message.split_once('\'').and_then(|(_, r)| r.rsplit_once('\'')).map(|(t, _)| t);
    let width = match quoted {
        Some(token) if message.starts_with("Unexpected ") && !token.is_empty() && rest.starts_with(token) => {
            token.chars().count()
        }
        _ if message == "Invalid or unexpected token" && rest.starts_with(['"', '\'']) => {
            rest.chars().count()
        }
        _ => 1,
    };
    format!(
        "{}:{line}\n{shown}\n{}{}\n\nSyntaxError: {message}\n\nNode.js (jsloop node host)",
        o.file,
        " ".repeat(column.saturating_sub(1)),
        "^".repeat(width)
    )
}

/// What Node prints when V8 reaches the heap limit (node::OOMErrorHandler),
/// and how to raise jsloop's.
pub(super) const OUT_OF_MEMORY: &str =
    "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n\
jsloop: the JavaScript heap reached its limit (--max-heap MB sets it)";

/// Whether `error` is QuickJS's out-of-memory error (JS_ThrowOutOfMemory:
/// an InternalError "out of memory"). With the heap full, the error may be
/// made without its message (the string could not be allocated): an
/// InternalError with no message is one too (QuickJS's other internal
/// errors, "stack overflow" and "interrupted", always have theirs).
pub(super) fn is_out_of_memory(error: &Value<'_>) -> bool {
    let Some(o) = error.as_object() else { return false };
    o.get::<_, String>("name").is_ok_and(|n| n == "InternalError")
        && o.get::<_, Option<String>>("message")
            .map_or(true, |m| m.is_none_or(|m| m.is_empty() || m == "out of memory"))
}

/// Node's text for an uncaught error: where it was thrown, the source line
/// and a caret, then the stack.
pub(super) fn node_error_text(error: &Value<'_>) -> String {
    let Some(obj) = error.as_object() else {
        return format!("Uncaught {}", to_text(error));
    };
    let name: String = obj.get("name").unwrap_or_else(|_| "Error".into());
    let message: String = obj.get("message").unwrap_or_default();
    let stack: String = obj.get("stack").unwrap_or_default();
    let headline = if message.is_empty() { name.clone() } else { format!("{name}: {message}") };
    // The first frame (the stack begins with the headline, which may span
    // lines).
    let location = stack.lines().filter_map(|l| l.strip_prefix("    at ")).find_map(|l| {
        let inner = l.rsplit_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or(l);
        crate::quickjs::parse_origin(inner).filter(|o| !o.file.starts_with("jsloop:"))
    });
    let mut out = String::new();
    // An import of an export its module does not have (a link error: no
    // frame of its own): Node's code frame at the import, in V8's words.
    if location.is_none() && name == "SyntaxError" {
        if let Some((frame, words)) = super::modules::esm::missing_export_frame(&message) {
            return format!("{frame}SyntaxError: {words}\n\nNode.js (jsloop node host)");
        }
    }
    if let Some(o) = &location {
        if name == "SyntaxError" {
            return node_syntax_error_text(
                &format!("{}:{}:{}: {headline}", o.file, o.line, o.column),
                &o.file,
            );
        }
        out.push_str(&format!("{}:{}\n", o.file, o.line));
        if let Some(line) = crate::quickjs::source_text(&o.file)
            .and_then(|s| s.lines().nth(o.line as usize - 1).map(String::from))
        {
            // V8 places an uncaught exception at its throw statement (the
            // stack says where the error was made): a `throw` before the
            // column on its line is where the caret goes.
            let before: String = line.chars().take(o.column.saturating_sub(1) as usize).collect();
            let column = before
                .match_indices("throw")
                .filter(|(i, _)| {
                    let prev = before[..*i].chars().next_back();
                    let next = before[i + 5..].chars().next();
                    !prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
                        && !next.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
                })
                .last()
                .map_or(o.column.saturating_sub(1) as usize, |(i, _)| before[..i].chars().count());
            out.push_str(&line);
            out.push('\n');
            out.push_str(&" ".repeat(column));
            out.push_str("^\n");
        }
        out.push('\n');
    }
    // Node prints the stack (00_console.js writes it as V8 does, without
    // jsloop's own frames), or the headline if there is none.
    let stack = stack.trim_end();
    out.push_str(if stack.is_empty() { &headline } else { stack });
    if let Ok(code) = obj.get::<_, String>("code") {
        out.push_str(&format!(" {{\n  code: '{code}'\n}}"));
    }
    out.push_str("\n\nNode.js (jsloop node host)");
    out
}
